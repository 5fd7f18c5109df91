import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import { createApp } from './app/app.factory';
import { AppConfig } from './config/app-config';
import { loadEnvFile } from './config/env-file';
import { validateEnvironment } from './config/environment';
import { checkDatabase, listenFailure, StartupError } from './database/preflight';
import { installGracefulShutdown } from './health/graceful-shutdown';
import { consoleDestination } from './logging/console-destination';

/** Fails with one clear line when the port cannot be listened on, before anything else starts. */
function checkPort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(new StartupError(listenFailure(error, host, port) ?? `Cannot listen on ${host}:${port}: ${error.message}`)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  loadEnvFile();
  const env = validateEnvironment(process.env);
  await checkPort(env.HOST, env.PORT);
  await checkDatabase(env.DATABASE_URL);
  const app = await createApp({}, [], { logDestination: consoleDestination(env.LOG_FORMAT) });
  const config = app.get(AppConfig);
  const logger = new Logger('Main');
  installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs, logger: new Logger('Shutdown') });
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    const line = listenFailure(error, config.host, config.port);
    throw line ? new StartupError(line) : error;
  }
  const url = await app.getUrl();
  logger.log(`Events Calendar API on ${url.replace('[::1]', 'localhost')}${config.restRoot}${config.namespacePath}`);
}

main().catch((error: Error) => {
  // Mistakes an operator can fix (configuration, database, port) are one line for them, not a stack.
  const forOperator = error instanceof StartupError || error.message.startsWith('Invalid configuration');
  console.error(forOperator ? error.message : error);
  process.exit(1);
});
