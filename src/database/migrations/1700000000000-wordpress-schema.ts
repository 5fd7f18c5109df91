import { MigrationInterface, QueryRunner } from 'typeorm';
import { MYSQL_DDL } from './wordpress-ddl.mysql';
import { SQLITE_DDL } from './wordpress-ddl.sqlite';

/**
 * Creates the WordPress and The Events Calendar tables where they are absent. On an existing
 * WordPress database every statement is a no-op: nothing is altered. `down` drops nothing on purpose —
 * the tables may hold a real site's data.
 */
export class WordpressSchema1700000000000 implements MigrationInterface {
  name = 'WordpressSchema1700000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const isMysql = runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
    const suffix = isMysql ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci' : '';
    for (const ddl of isMysql ? MYSQL_DDL : SQLITE_DDL) {
      const sql = ddl.replaceAll('{p}', prefix);
      await runner.query(sql.startsWith('CREATE TABLE') ? sql + suffix : sql);
    }
  }

  async down(): Promise<void> {
    // Intentionally empty: never drop WordPress tables.
  }
}
