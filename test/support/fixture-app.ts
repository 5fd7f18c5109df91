import type { Type } from '@nestjs/common';
import { FIXTURE_SQL } from './fixture-paths';
import { startTestApp, TestApp } from './test-app';
import { createTestDatabase, importSqlDump, TestDatabase, withMysql } from './test-database';

/** The fixture site's settings: its own table prefix and logins (no bootstrap admin is added). */
export const FIXTURE_ENV = { TABLE_PREFIX: 'wp_', ADMIN_USER: '', ADMIN_PASSWORD: '' };

export type Query = <T = any>(sql: string, params?: unknown[]) => Promise<T[]>;

/** A fresh MariaDB database holding the real WordPress + The Events Calendar fixture. */
export async function loadFixtureDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase('mysql');
  await importSqlDump(db, FIXTURE_SQL);
  return db;
}

/** Direct SQL on a test database, to check the rows the API wrote. */
export function queryOn(db: TestDatabase): Query {
  return (sql, params = []) => withMysql(db, (query) => query(sql, params));
}

export interface FixtureApp {
  t: TestApp;
  db: TestDatabase;
  q: Query;
  close(): Promise<void>;
}

/** The app on the fixture database (loaded fresh unless `database` is given); `close` drops it. */
export async function startFixtureApp(options: { database?: TestDatabase; modules?: Type[]; env?: Record<string, string> } = {}): Promise<FixtureApp> {
  const db = options.database ?? (await loadFixtureDatabase());
  const t = await startTestApp({ database: db, env: { ...FIXTURE_ENV, ...options.env }, modules: options.modules });
  return {
    t,
    db,
    q: queryOn(db),
    close: async () => {
      await t.close();
      await db.drop();
    },
  };
}

/**
 * The fixture app for the tests of the calling `describe` block: started before them, handed to `use`
 * (which keeps what the tests need), closed after them with its database dropped.
 */
export function withFixtureApp(use: (app: FixtureApp) => void, options: { modules?: Type[]; env?: Record<string, string> } = {}): void {
  let app: FixtureApp | undefined;
  beforeAll(async () => {
    app = await startFixtureApp(options);
    use(app);
  });
  afterAll(() => app?.close());
}
