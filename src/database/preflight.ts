import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { mysqlConnectionSettings } from './data-source-options';

/** A start-up failure an operator can fix: its one-line explanation (main.ts prints nothing else). */
export class StartupError extends Error {}

const MYSQL_ADVICE: Record<string, (db: { database: string; where: string; user: string }) => string> = {
  ER_BAD_DB_ERROR: ({ database, where }) =>
    `Database "${database}" does not exist on ${where}: create it with  CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;  or fix DATABASE_URL`,
  ER_ACCESS_DENIED_ERROR: ({ user, where }) => `MySQL at ${where} refused the login of "${user}": check the user and password in DATABASE_URL`,
  ER_DBACCESS_DENIED_ERROR: ({ user, database }) => `MySQL user "${user}" may not use database "${database}": GRANT it the rights, or fix DATABASE_URL`,
  ECONNREFUSED: ({ where }) => `Nothing accepts connections at ${where}: is MySQL/MariaDB running? (DATABASE_URL)`,
  ENOTFOUND: ({ where }) => `The host of ${where} is unknown: check the host name in DATABASE_URL`,
  ETIMEDOUT: ({ where }) => `MySQL at ${where} did not answer within 5 s: check DATABASE_URL and the network`,
  ENOENT: ({ where }) => `No MySQL socket at ${where}: check the socket path in DATABASE_URL`,
};

/**
 * Checks, before anything else starts, that the configured database can be opened, and turns the
 * usual mistakes into one clear line each (a missing MySQL database, a server that is down, a wrong
 * password, a SQLite directory that cannot be written) instead of the stack traces the ORM's
 * start-up would print.
 */
export async function checkDatabase(databaseUrl: string): Promise<void> {
  if (databaseUrl.startsWith('sqlite:')) return checkSqliteFile(databaseUrl.slice('sqlite:'.length));
  const settings = mysqlConnectionSettings(databaseUrl);
  const where = settings.socketPath ?? `${settings.host}:${settings.port}`;
  try {
    const connection = await createConnection({ ...settings, connectTimeout: 5000 });
    await connection.end();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const advice = MYSQL_ADVICE[code];
    throw new StartupError(
      advice ? advice({ database: settings.database, where, user: settings.user }) : `Cannot open the MySQL database at ${where}: ${(error as Error).message}`,
    );
  }
}

function checkSqliteFile(file: string): void {
  if (file === ':memory:') return;
  const directory = dirname(resolve(file));
  try {
    mkdirSync(directory, { recursive: true });
    accessSync(directory, constants.W_OK);
  } catch {
    throw new StartupError(`Cannot write the SQLite database's directory ${directory}: make it writable, or set DATABASE_URL=sqlite:<another file>`);
  }
}

/** One line for a failed listen (a busy or privileged port), else undefined. */
export function listenFailure(error: unknown, host: string, port: number): string | undefined {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') return `Port ${port} is already in use on ${host}: stop the other process or choose another port, e.g. PORT=${port + 1} npm start`;
  if (code === 'EACCES') return `Not allowed to listen on port ${port} (ports below 1024 need privileges): choose another, e.g. PORT=3000`;
  if (code === 'EADDRNOTAVAIL') return `HOST=${host} is not an address of this machine: use 0.0.0.0, 127.0.0.1 or one of its addresses`;
  return undefined;
}
