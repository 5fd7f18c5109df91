import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import { ROLES, Role, UsersService } from '../auth/users.service';
import { MIN_PASSWORD_LENGTH } from '../config/environment';
import { loginProblem, MAX_LOGIN_LENGTH } from '../wordpress/sanitize-user';
import { IMPORT_FEEDS_RUN_USAGE, runImportFeeds } from './import-feeds-run.command';
import { IMPORT_USAGE, ImportUsageError, runImportCommand } from './import.command';
import { READ_MODEL_REBUILD_USAGE, runReadModelRebuild } from './read-model-rebuild.command';
import { ROLES_GRANT_USAGE, runRolesGrant } from './roles-grant.command';
import { runSeedCommand, SEED_USAGE, SeedUsageError } from './seed.command';
import { runSeriesExtend, SERIES_EXTEND_USAGE } from './series-extend.command';

export const USAGE = `Usage: npm run cli -- <command> [options]      (help: npm run cli -- --help)

  users:create --login LOGIN --email EMAIL --role ROLE [--password PASSWORD]
        LOGIN: letters, digits, spaces and _ . - @ (WordPress's rules), at most ${MAX_LOGIN_LENGTH} characters
        PASSWORD: at least ${MIN_PASSWORD_LENGTH} characters (default: a random one)
        ROLE: ${ROLES.join(', ')}
  users:list
  app-passwords:create --login LOGIN [--name NAME]   prints the new application password once
  app-passwords:list --login LOGIN
  app-passwords:revoke --login LOGIN --uuid UUID
${SEED_USAGE}
${ROLES_GRANT_USAGE}
${SERIES_EXTEND_USAGE}
${IMPORT_USAGE}
${IMPORT_FEEDS_RUN_USAGE}
${READ_MODEL_REBUILD_USAGE}`;

/** A command-line mistake: printed with the usage, exit code 2. */
export class UsageError extends Error {}

const COMMANDS = [
  'users:create',
  'users:list',
  'app-passwords:create',
  'app-passwords:list',
  'app-passwords:revoke',
  'seed',
  'roles:grant',
  'series:extend',
  'import',
  'import-feeds:run',
  'read-model:rebuild',
];
const HELP = ['help', '--help', '-h'];

/**
 * What the command line asks for before anything is opened: `help` (also `--help`/`-h` anywhere),
 * or a known command; a mistake is a UsageError.
 */
export function commandOf(argv: readonly string[]): 'help' | string {
  if (argv.some((arg) => HELP.includes(arg))) return 'help';
  const [command] = argv;
  if (!command) throw new UsageError('No command given');
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command "${command}"`);
  return command;
}

/** Rows as aligned columns under a header (the CLI's lists). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)];
}

type Print = (line: string) => void;

/** Runs one CLI command against the users service (`seed` needs the application `app`). Returns normally on success. */
export async function runCommand(argv: string[], users: UsersService, print: Print, app?: Pick<INestApplicationContext, 'get'>): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'roles:grant' && app) {
    if (rest.length) throw new UsageError('roles:grant takes no options');
    return runRolesGrant(app, print);
  }
  if (command === 'series:extend' && app) {
    if (rest.length) throw new UsageError('series:extend takes no options');
    return runSeriesExtend(app, print);
  }
  if (command === 'read-model:rebuild' && app) {
    if (rest.length) throw new UsageError('read-model:rebuild takes no options');
    return runReadModelRebuild(app, print);
  }
  if (command === 'import-feeds:run' && app) {
    if (rest.length) throw new UsageError('import-feeds:run takes no options');
    return runImportFeeds(app, print);
  }
  if (command === 'import' && app) {
    return runImportCommand(rest, app, print).catch((error: Error) => {
      throw error instanceof ImportUsageError ? new UsageError(error.message) : error;
    });
  }
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
      // WordPress's own rules for a new login; a login password no shorter than ADMIN_PASSWORD (issue #22).
      const login = need('login');
      const problem = loginProblem(login);
      if (problem) throw new UsageError(`--login ${problem}`);
      if (values.password !== undefined && [...values.password].length < MIN_PASSWORD_LENGTH) {
        throw new UsageError(`--password must have at least ${MIN_PASSWORD_LENGTH} characters`);
      }
      const id = await users.create({ login, email: need('email'), role: role as Role, password: values.password });
      print(`Created user ${values.login} (ID ${id}, ${role})`);
      return;
    }
    case 'users:list': {
      const rows = (await users.listWithRoles()).map((u) => [String(u.ID), u.user_login, u.user_email, u.roles.join(', ') || '(none)', u.user_registered]);
      table(['ID', 'LOGIN', 'E-MAIL', 'ROLES', 'REGISTERED'], rows).forEach(print);
      return;
    }
    case 'app-passwords:create': {
      const { plain, uuid } = await users.addApplicationPassword(await userId(), values.name ?? 'cli');
      print(`Application password for ${values.login} (uuid ${uuid}), shown only once:`);
      print(plain.replace(/(.{4})(?=.)/g, '$1 '));
      return;
    }
    case 'app-passwords:list': {
      const when = (unix: number | null | undefined) => (unix ? new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ') : 'never');
      const rows = (await users.listApplicationPasswords(await userId())).map((item) => [item.uuid, item.name, when(item.created), when(item.last_used)]);
      table(['UUID', 'NAME', 'CREATED (UTC)', 'LAST USED (UTC)'], rows).forEach(print);
      return;
    }
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
