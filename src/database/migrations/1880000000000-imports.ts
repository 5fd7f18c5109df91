import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The import reports (src/import/, docs/import.md): one row per import run, its counts, and `items`,
 * the JSON list of what happened to each VEVENT or CSV row (created, updated, unchanged, trashed,
 * failed with the reason and the line). Times are epoch milliseconds. WordPress ignores the table.
 */
export class Imports1880000000000 implements MigrationInterface {
  name = 'Imports1880000000000';

  async up(runner: QueryRunner): Promise<void> {
    const table = `${runner.connection.options.entityPrefix ?? ''}eca_imports`;
    if (runner.connection.options.type === 'better-sqlite3') {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS "${table}" (
          id INTEGER PRIMARY KEY AUTOINCREMENT, created_by INTEGER NOT NULL, source_kind TEXT NOT NULL, source TEXT NOT NULL, format TEXT NOT NULL,
          status TEXT NOT NULL, created_count INTEGER NOT NULL, updated_count INTEGER NOT NULL, unchanged_count INTEGER NOT NULL,
          trashed_count INTEGER NOT NULL, failed_count INTEGER NOT NULL, error TEXT, items TEXT NOT NULL, started_at INTEGER NOT NULL, finished_at INTEGER NOT NULL)`,
      );
      return;
    }
    await runner.query(
      `CREATE TABLE IF NOT EXISTS \`${table}\` (
        id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
        created_by bigint(20) unsigned NOT NULL,
        source_kind varchar(10) NOT NULL,
        source varchar(2048) NOT NULL,
        format varchar(10) NOT NULL,
        status varchar(10) NOT NULL,
        created_count int(10) unsigned NOT NULL,
        updated_count int(10) unsigned NOT NULL,
        unchanged_count int(10) unsigned NOT NULL,
        trashed_count int(10) unsigned NOT NULL,
        failed_count int(10) unsigned NOT NULL,
        error varchar(500) DEFAULT NULL,
        items longtext NOT NULL,
        started_at bigint(20) unsigned NOT NULL,
        finished_at bigint(20) unsigned NOT NULL,
        PRIMARY KEY (id)
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ${runner.connection.driver.escape(`${runner.connection.options.entityPrefix ?? ''}eca_imports`)}`);
  }
}
