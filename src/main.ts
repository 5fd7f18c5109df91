import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { AppConfig } from './config/app-config';
import { installGracefulShutdown } from './health/graceful-shutdown';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get(AppConfig);
  const logger = new Logger('Main');
  installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs, logger });
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  logger.log(`Events Calendar API on ${url.replace('[::1]', 'localhost')}${config.restRoot}${config.namespacePath}`);
}

main().catch((error: Error) => {
  // Configuration errors are meant for the operator: print the message, not a stack.
  console.error(error.message.startsWith('Invalid configuration') ? error.message : error);
  process.exit(1);
});
