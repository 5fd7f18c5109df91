import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { UsersService } from '../auth/users.service';
import { validateEnvironment } from '../config/environment';
import { runCommand, UsageError, USAGE } from './commands';

/** `npm run cli -- <command>`: user and application-password administration, sample-data seeding, on the configured database. */
async function main(): Promise<number> {
  validateEnvironment(process.env);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(), { logger: ['error'], abortOnError: false });
  try {
    await runCommand(process.argv.slice(2), app.get(UsersService), (line) => console.log(line), app);
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
    console.error(error.message);
    process.exit(1);
  },
);
