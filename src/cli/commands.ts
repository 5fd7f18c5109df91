import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import { ROLES, Role, UsersService } from '../auth/users.service';
import { runSeedCommand, SEED_USAGE, SeedUsageError } from './seed.command';

export const USAGE = `Usage: npm run cli -- <command> [options]

  users:create --login LOGIN --email EMAIL --role ROLE [--password PASSWORD]
        ROLE: ${ROLES.join(', ')}
  users:list
  app-passwords:create --login LOGIN [--name NAME]   prints the new application password once
  app-passwords:list --login LOGIN
  app-passwords:revoke --login LOGIN --uuid UUID
${SEED_USAGE}`;

/** A command-line mistake: printed with the usage, exit code 2. */
export class UsageError extends Error {}

type Print = (line: string) => void;

/** Runs one CLI command against the users service (`seed` needs the application `app`). Returns normally on success. */
export async function runCommand(argv: string[], users: UsersService, print: Print, app?: Pick<INestApplicationContext, 'get'>): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'seed' && app) {
    return runSeedCommand(rest, app, print).catch((error: Error) => {
      throw error instanceof SeedUsageError ? new UsageError(error.message) : error;
    });
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      login: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      uuid: { type: 'string' },
    },
    strict: true,
  });
  const need = (key: keyof typeof values): string => {
    const value = values[key];
    if (!value) throw new UsageError(`--${key} is required for ${command}`);
    return value;
  };
  const userId = async (): Promise<number> => {
    const user = await users.findByLogin(need('login'));
    if (!user) throw new UsageError(`No user with login "${values.login}"`);
    return user.ID;
  };

  switch (command) {
    case 'users:create': {
      const role = need('role');
      if (!ROLES.includes(role as Role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      const id = await users.create({ login: need('login'), email: need('email'), role: role as Role, password: values.password });
      print(`Created user ${values.login} (ID ${id}, ${role})`);
      return;
    }
    case 'users:list':
      for (const u of await users.list()) print(`${u.ID}\t${u.user_login}\t${u.user_email}`);
      return;
    case 'app-passwords:create': {
      const { plain, uuid } = await users.addApplicationPassword(await userId(), values.name ?? 'cli');
      print(`Application password for ${values.login} (uuid ${uuid}), shown only once:`);
      print(plain.replace(/(.{4})(?=.)/g, '$1 '));
      return;
    }
    case 'app-passwords:list':
      for (const item of await users.listApplicationPasswords(await userId())) {
        const lastUsed = item.last_used ? new Date(item.last_used * 1000).toISOString() : 'never';
        print(`${item.uuid}\t${item.name}\tcreated ${new Date(item.created * 1000).toISOString()}\tlast used ${lastUsed}`);
      }
      return;
    case 'app-passwords:revoke':
      if (!(await users.revokeApplicationPassword(await userId(), need('uuid')))) {
        throw new UsageError(`No application password ${values.uuid} for ${values.login}`);
      }
      print(`Revoked ${values.uuid}`);
      return;
    default:
      throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
  }
}
