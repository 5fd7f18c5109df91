import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export interface DatabaseSettings {
  databaseUrl: string;
  tablePrefix: string;
}

/**
 * TypeORM options for `sqlite:<file>` or `mysql://…` URLs. The WordPress table prefix is TypeORM's
 * `entityPrefix`; migrations run at boot and only create absent tables; `synchronize` is never on.
 */
export function dataSourceOptions({ databaseUrl, tablePrefix }: DatabaseSettings): DataSourceOptions {
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
      // WAL lets readers proceed while a write commits; NORMAL sync is safe with WAL.
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('busy_timeout = 5000');
      },
    };
  }
  const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  return {
    ...common,
    type: 'mysql',
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    charset: 'utf8mb4_unicode_520_ci',
    timezone: 'Z',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    // An unreachable server must fail a request fast (503, database-errors.ts), not hang it: new
    // connections give up after 5 s, and at most 200 requests wait for a free pooled connection.
    connectTimeout: 5000,
    extra: { connectionLimit: 10, queueLimit: 200, enableKeepAlive: true },
  };
}

/**
 * A read replica's pool: the primary's settings for its URL, without entities or migrations (they run
 * on the primary and reach replicas through replication). A replica that cannot be reached gives up
 * after 2 s, since its reads then fall back to the primary (replica-router.ts).
 */
export function replicaDataSourceOptions(replicaUrl: string, tablePrefix: string): DataSourceOptions {
  const options = dataSourceOptions({ databaseUrl: replicaUrl, tablePrefix });
  if (options.type !== 'mysql') throw new Error('read replicas need mysql:// URLs');
  return { ...options, entities: [], migrations: [], migrationsRun: false, connectTimeout: 2000 };
}
