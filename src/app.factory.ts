import { LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AuthService } from './auth/auth.service';
import { authenticateMiddleware } from './auth/authenticate.middleware';
import { AppConfig } from './config/app-config';
import { validateEnvironment } from './config/environment';
import { PipelineRouteDescriber } from './discovery/route-describer';
import { setupSwagger } from './discovery/swagger';
import { installHttpPipeline, installRouteSteps } from './rest/http-pipeline';
import { JsonExpressAdapter } from './rest/json-express.adapter';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Builds the whole application (used by main.ts and by the end-to-end tests). */
export async function createApp(
  overrides: Record<string, string> = {},
  extraModules: Type[] = [],
): Promise<NestExpressApplication> {
  // Validate before Nest starts so a bad variable fails with its own message, not a DI error.
  const env = validateEnvironment({ ...process.env, ...overrides });
  const logger = LEVELS.slice(0, LEVELS.indexOf(env.LOG_LEVEL) + 1);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(overrides, extraModules), new JsonExpressAdapter(), {
    bodyParser: false,
    abortOnError: false,
    logger,
  });
  const config = app.get(AppConfig);
  installHttpPipeline(app, config);
  app.use(authenticateMiddleware(app.get(AuthService)));
  installRouteSteps(app, () => app.get(PipelineRouteDescriber));
  setupSwagger(app);
  app.enableShutdownHooks();
  await app.init();
  return app;
}
