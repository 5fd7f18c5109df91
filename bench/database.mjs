// The database a `npm run bench` run measures: a seeded one (bench/.data/bench-N.sqlite or a MariaDB
// database) or, with --fixture, the real WordPress fixture site loaded fresh into MariaDB.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURE_SQL = join(ROOT, 'test', 'fixtures', 'wordpress', 'tec-wordpress-seeded.sql');
/** The fixture's administrator and application password (test/fixtures/README.md, "Logins of the fixture site"). */
export const FIXTURE_ADMIN = { user: 'admin', password: '0Tu3Y7F7uMAXwNZuyGZt3X97' };

async function mysqlConnection(serverUrl, multipleStatements = false) {
  const mysql = await import('mysql2/promise');
  const url = new URL(serverUrl);
  return mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    multipleStatements,
    charset: 'utf8mb4_unicode_520_ci',
  });
}

/** Drops and creates `name` on the MariaDB server at `serverUrl`. */
export async function freshMysqlDatabase(serverUrl, name) {
  const connection = await mysqlConnection(serverUrl);
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  await connection.end();
}

/** Removes a SQLite database file and its journals. */
export function freshSqliteFile(file) {
  mkdirSync(dirname(file), { recursive: true });
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/** Loads the fixture dump (table prefix wp_) into the empty database `name`, as test/support/fixture-app.ts does. */
export async function loadFixture(serverUrl, name) {
  const connection = await mysqlConnection(serverUrl, true);
  await connection.query(`USE \`${name}\``);
  await connection.query(readFileSync(FIXTURE_SQL, 'utf8'));
  await connection.end();
}
