import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { registerSqliteFunctions, SqliteFunctionHost } from './sqlite-functions';

export interface DatabaseSettings {
  databaseUrl: string;
  tablePrefix: string;
  /** MySQL connections of the pool (DATABASE_POOL_SIZE). */
  poolSize: number;
}

/**
 * TypeORM options for `sqlite:<file>` or `mysql://…` URLs. The WordPress table prefix is TypeORM's
 * `entityPrefix`; migrations run at boot and only create absent tables; `synchronize` is never on.
 */
export function dataSourceOptions({ databaseUrl, tablePrefix, poolSize }: DatabaseSettings): DataSourceOptions {
  const common = {
    entityPrefix: tablePrefix,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: `${tablePrefix}eca_migrations`,
    migrationsRun: true,
    synchronize: false,
    logging: false,
  } as const;
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: file,
      // No busy wait inside the (synchronous) driver: it would stop the whole process while another
      // process holds the write lock. Writers wait for it asynchronously instead (sqlite-busy.ts).
      timeout: 0,
      // WAL lets readers proceed while a write commits; NORMAL sync is safe with WAL.
      prepareDatabase: (db: SqliteFunctionHost & { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('busy_timeout = 0');
        registerSqliteFunctions(db);
      },
    };
  }
  const { user, ...connection } = mysqlConnectionSettings(databaseUrl);
  return {
    ...common,
    type: 'mysql',
    ...connection,
    username: user,
    charset: 'utf8mb4_unicode_520_ci',
    timezone: 'Z',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    // An unreachable server must fail a request fast (503, database-errors.ts), not hang it: new
    // connections give up after 5 s. mysql2's queue for a free connection is unbounded (queueLimit 0):
    // the wait is bounded in time by the ConnectionGate in front of the pool (DATABASE_POOL_WAIT_MS).
    connectTimeout: 5000,
    // mysql2 captures a stack for every query by default (`trace`): about 5% of the service's CPU on a
    // cold read (docs/performance.md); its errors are mapped to WordPress errors here anyway.
    extra: { connectionLimit: poolSize, queueLimit: 0, enableKeepAlive: true, trace: false },
    // Statements issued together share a round trip (statement-batch.ts). Every statement is
    // parameterised (sql.ts), so no input can add a statement of its own.
    multipleStatements: true,
  };
}

/**
 * A read replica's pool: the primary's settings for its URL, without entities or migrations (they run
 * on the primary and reach replicas through replication). A replica that cannot be reached gives up
 * after 2 s, since its reads then fall back to the primary (replica-router.ts).
 */
export function replicaDataSourceOptions(replicaUrl: string, tablePrefix: string, poolSize: number): DataSourceOptions {
  const options = dataSourceOptions({ databaseUrl: replicaUrl, tablePrefix, poolSize });
  if (options.type !== 'mysql') throw new Error('read replicas need mysql:// URLs');
  return { ...options, entities: [], migrations: [], migrationsRun: false, connectTimeout: 2000 };
}

/** Where a `mysql://` (or `mariadb://`) URL points: server, login and database. */
export function mysqlConnectionSettings(databaseUrl: string) {
  const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    // `?socket=/run/mysqld/mysqld.sock`: a server on this machine reached through its Unix socket.
    socketPath: url.searchParams.get('socket') ?? undefined,
  };
}
