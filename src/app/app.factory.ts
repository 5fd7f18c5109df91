import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { validateEnvironment } from '../config/environment';
import { setupSwagger } from '../discovery/swagger';
import { PinoNestLogger } from '../logging/nest-logger';
import { createRootLogger } from '../logging/root-logger';
import { JsonExpressAdapter } from './json-express.adapter';
import { installRequestRoad } from './request-road';

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
  // The steps before routing, in one ordered list; then Swagger UI's routes, then Nest's router.
  const road = installRequestRoad(app, rootLogger);
  setupSwagger(app);
  await app.init();
  road.installFront();
  return app;
}
