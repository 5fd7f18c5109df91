import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app/app.module';
import { UsersService } from '../auth/users.service';
import { loadEnvFile } from '../config/env-file';
import { validateEnvironment } from '../config/environment';
import { checkDatabase } from '../database/preflight';
import { commandOf, runCommand, UsageError, USAGE } from './commands';

/** `npm run cli -- <command>`: user and application-password administration, sample-data seeding, on the configured database. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  try {
    if (commandOf(argv) === 'help') {
      console.log(USAGE);
      return 0;
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  loadEnvFile();
  const env = validateEnvironment(process.env);
  await checkDatabase(env.DATABASE_URL);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(), { logger: ['error'], abortOnError: false });
  try {
    await runCommand(argv, app.get(UsersService), (line) => console.log(line), app);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    console.error((error as Error).message);
    return 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    // Configuration and database mistakes (StartupError) and the rest: one line each.
    console.error(error.message);
    process.exit(1);
  },
);
