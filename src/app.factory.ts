import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { AuthService } from './auth/auth.service';
import { authenticateMiddleware } from './auth/authenticate.middleware';
import { LoginThrottle } from './auth/login-throttle.service';
import { AppConfig } from './config/app-config';
import { responseCache } from './cache/response-cache.middleware';
import { validateEnvironment } from './config/environment';
import { DatabaseService } from './database/database.service';
import { enterRequestScope } from './database/request-scope.middleware';
import { PipelineRouteDescriber } from './discovery/route-describer';
import { setupSwagger } from './discovery/swagger';
import { PinoNestLogger } from './logging/nest-logger';
import { requestLogging } from './logging/request-logging';
import { createRootLogger } from './logging/root-logger';
import { installHttpPipeline, installRouteSteps } from './rest/http-pipeline';
import { JsonExpressAdapter } from './rest/json-express.adapter';
import { installHttpSecurity } from './security/http-security';

export interface CreateAppOptions {
  /** Where the JSON log lines go (default stdout); tests capture them. */
  logDestination?: DestinationStream;
}

/** Builds the whole application (used by main.ts and by the end-to-end tests). */
export async function createApp(
  overrides: Record<string, string> = {},
  extraModules: Type[] = [],
  options: CreateAppOptions = {},
): Promise<NestExpressApplication> {
  // Validate before Nest starts so a bad variable fails with its own message, not a DI error.
  const env = validateEnvironment({ ...process.env, ...overrides });
  const rootLogger = createRootLogger(env.LOG_LEVEL, options.logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(overrides, extraModules), new JsonExpressAdapter(), {
    bodyParser: false,
    abortOnError: false,
    logger: new PinoNestLogger(rootLogger),
  });
  const config = app.get(AppConfig);
  app.set('trust proxy', config.trustProxy);
  app.use(requestLogging(rootLogger));
  installHttpSecurity(app, config);
  installHttpPipeline(app, config);
  app.use(authenticateMiddleware(app.get(AuthService), app.get(LoginThrottle)));
  app.use(enterRequestScope);
  const cache = responseCache(app.get(DatabaseService), config);
  app.use(cache.step);
  installRouteSteps(app, () => app.get(PipelineRouteDescriber));
  setupSwagger(app);
  await app.init();
  cache.installFront(app.getHttpServer(), rootLogger);
  return app;
}
