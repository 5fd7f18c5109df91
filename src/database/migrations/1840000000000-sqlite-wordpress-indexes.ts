import { MigrationInterface, QueryRunner } from 'typeorm';
import { addServiceIndexes, dropServiceIndexes, ServiceIndex } from './service-indexes';

/**
 * WordPress indexes the SQLite schema (wordpress-ddl.sqlite.ts) had left out, found by comparing it with
 * the entities (test/e2e/entity-schema.e2e-spec.ts): `meta_key` of termmeta and usermeta, and
 * `user_nicename`. MariaDB has them from WordPress's own DDL. Added here rather than in the 1700 DDL
 * so SQLite files created before get them too.
 */
const INDEXES: ServiceIndex[] = [
  { table: 'termmeta', name: 'termmeta_meta_key', columns: ['meta_key'] },
  { table: 'usermeta', name: 'usermeta_meta_key', columns: ['meta_key'] },
  { table: 'users', name: 'users_nicename', columns: ['user_nicename'] },
];

const isSqlite = (runner: QueryRunner) => runner.connection.options.type === 'better-sqlite3';

export class SqliteWordpressIndexes1840000000000 implements MigrationInterface {
  name = 'SqliteWordpressIndexes1840000000000';

  async up(runner: QueryRunner): Promise<void> {
    if (isSqlite(runner)) await addServiceIndexes(runner, INDEXES);
  }

  async down(runner: QueryRunner): Promise<void> {
    if (isSqlite(runner)) await dropServiceIndexes(runner, INDEXES);
  }
}
