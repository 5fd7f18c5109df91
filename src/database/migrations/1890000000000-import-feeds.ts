import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The import subscriptions (docs/import.md "Subscriptions"): `eca_import_feeds`, one row per feed URL
 * re-imported every `interval_minutes`; the worker claims a due row by moving `lease_until` with a
 * conditional UPDATE. `eca_imports.feed_id` links a run's report to its feed. Times are epoch
 * milliseconds. WordPress ignores both.
 */
export class ImportFeeds1890000000000 implements MigrationInterface {
  name = 'ImportFeeds1890000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const q = (name: string) => runner.connection.driver.escape(`${prefix}${name}`);
    const sqlite = runner.connection.options.type === 'better-sqlite3';
    if (sqlite) {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${q('eca_import_feeds')} (
          id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, status TEXT NOT NULL, interval_minutes INTEGER NOT NULL, enabled INTEGER NOT NULL,
          next_run_at INTEGER NOT NULL, lease_until INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0, failing_since INTEGER,
          last_error TEXT, disabled_reason TEXT, last_run_at INTEGER, last_import_id INTEGER, created_by INTEGER NOT NULL,
          created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
      );
      await runner.query(`CREATE INDEX IF NOT EXISTS ${q('eca_import_feeds_due')} ON ${q('eca_import_feeds')} (enabled, next_run_at)`);
    } else {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${q('eca_import_feeds')} (
          id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
          url varchar(2048) NOT NULL,
          status varchar(20) NOT NULL,
          interval_minutes int(10) unsigned NOT NULL,
          enabled tinyint(1) NOT NULL,
          next_run_at bigint(20) unsigned NOT NULL,
          lease_until bigint(20) unsigned NOT NULL DEFAULT 0,
          failures int(10) unsigned NOT NULL DEFAULT 0,
          failing_since bigint(20) unsigned DEFAULT NULL,
          last_error varchar(500) DEFAULT NULL,
          disabled_reason varchar(255) DEFAULT NULL,
          last_run_at bigint(20) unsigned DEFAULT NULL,
          last_import_id bigint(20) unsigned DEFAULT NULL,
          created_by bigint(20) unsigned NOT NULL,
          created_at bigint(20) unsigned NOT NULL,
          updated_at bigint(20) unsigned NOT NULL,
          PRIMARY KEY (id),
          KEY due (enabled, next_run_at)
        ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci`,
      );
    }
    const imports = `${prefix}eca_imports`;
    if (await runner.hasColumn(imports, 'feed_id')) return;
    await runner.query(`ALTER TABLE ${q('eca_imports')} ADD COLUMN feed_id ${sqlite ? 'INTEGER' : 'bigint(20) unsigned DEFAULT NULL'}`);
    // SQLite's index names are per database (so prefixed, as the other migrations name them), MySQL's per table.
    await runner.query(`CREATE INDEX ${sqlite ? q('eca_imports_feed') : '`feed`'} ON ${q('eca_imports')} (feed_id, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const q = (name: string) => runner.connection.driver.escape(`${prefix}${name}`);
    const sqlite = runner.connection.options.type === 'better-sqlite3';
    await runner.query(sqlite ? `DROP INDEX ${q('eca_imports_feed')}` : `DROP INDEX \`feed\` ON ${q('eca_imports')}`);
    await runner.query(`ALTER TABLE ${q('eca_imports')} DROP COLUMN feed_id`);
    await runner.query(`DROP TABLE IF EXISTS ${q('eca_import_feeds')}`);
  }
}
