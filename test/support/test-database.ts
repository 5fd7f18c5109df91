import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

/**
 * Which engine the end-to-end suites run on: TEST_ENGINE=mysql uses the server at MYSQL_TEST_URL
 * (default mysql://root@127.0.0.1:3306) with one database per test file; anything else an in-memory
 * SQLite database.
 */
export const ENGINE = process.env.TEST_ENGINE === 'mysql' ? 'mysql' : 'sqlite';
const SERVER_URL = process.env.MYSQL_TEST_URL ?? 'mysql://root@127.0.0.1:3306';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function serverConnection(multipleStatements = false) {
  const url = new URL(SERVER_URL);
  return createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    multipleStatements,
    charset: 'utf8mb4_unicode_520_ci',
  });
}

/** A fresh, empty database for one test file. */
export async function createTestDatabase(engine: 'sqlite' | 'mysql' = ENGINE): Promise<TestDatabase> {
  if (engine === 'sqlite') return { url: 'sqlite::memory:', name: ':memory:', drop: async () => undefined };
  const name = `eca_test_${randomBytes(5).toString('hex')}`;
  const connection = await serverConnection();
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  await connection.end();
  return {
    url: `${SERVER_URL.replace(/\/$/, '')}/${name}`,
    name,
    drop: async () => {
      const c = await serverConnection();
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** A database two app instances can share: a MariaDB database, or a SQLite file (in-memory is per connection). */
export async function sharedTestDatabase(prefix: string): Promise<{ database: TestDatabase; cleanup: () => Promise<void> }> {
  if (ENGINE === 'mysql') {
    const database = await createTestDatabase();
    return { database, cleanup: () => database.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = { url: `sqlite:${join(dir, 'shared.sqlite')}`, name: 'shared', drop: async () => undefined };
  return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Loads a mariadb-dump file (e.g. the WordPress fixture) into a test database. */
export async function importSqlDump(database: TestDatabase, file: string): Promise<void> {
  const connection = await serverConnection(true);
  await connection.query(`USE \`${database.name}\``);
  await connection.query(readFileSync(file, 'utf8'));
  await connection.end();
}

/** Runs queries directly against a MySQL test database (for checking the rows the API wrote). */
export async function withMysql<T>(database: TestDatabase, work: (q: (sql: string, params?: unknown[]) => Promise<any[]>) => Promise<T>): Promise<T> {
  const connection = await serverConnection();
  await connection.query(`USE \`${database.name}\``);
  try {
    return await work(async (sql, params = []) => (await connection.query(sql, params))[0] as any[]);
  } finally {
    await connection.end();
  }
}
