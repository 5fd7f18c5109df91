import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { AppConfig } from './config/app-config';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get(AppConfig);
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  new Logger('Main').log(`Events Calendar API on ${url.replace('[::1]', 'localhost')}${config.restRoot}${config.namespacePath}`);
}

main().catch((error: Error) => {
  // Configuration errors are meant for the operator: print the message, not a stack.
  console.error(error.message.startsWith('Invalid configuration') ? error.message : error);
  process.exit(1);
});
