import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service's change log and webhooks (src/changes/, docs/webhooks-and-changes.md). Times are epoch
 * milliseconds. WordPress ignores these tables.
 * - `eca_change_cursor`: one row (`id` 1) holding the last cursor given out; write transactions take
 *   their cursors from it under its row lock, just before they commit (so cursors follow commit order).
 * - `eca_changes`: one row per record a write transaction created, updated, trashed or deleted.
 * - `eca_webhooks`: the subscriptions; `enqueued_through` is the last cursor turned into deliveries.
 * - `eca_webhook_deliveries`: one row per change and webhook, claimed by the delivery workers.
 * - `eca_webhook_attempts`: the delivery log, one row per attempt.
 */
export class ChangesAndWebhooks1820000000000 implements MigrationInterface {
  name = 'ChangesAndWebhooks1820000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const isMysql = runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
    const statements = isMysql ? mysqlTables(prefix) : sqliteTables(prefix);
    for (const statement of statements) await runner.query(statement);
    const cursor = isMysql ? `\`${prefix}eca_change_cursor\`` : `"${prefix}eca_change_cursor"`;
    await runner.query(`INSERT ${isMysql ? 'IGNORE' : 'OR IGNORE'} INTO ${cursor} (id, last_cursor) VALUES (1, 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    for (const table of ['eca_webhook_attempts', 'eca_webhook_deliveries', 'eca_webhooks', 'eca_changes', 'eca_change_cursor']) {
      await runner.query(`DROP TABLE IF EXISTS ${runner.connection.driver.escape(`${prefix}${table}`)}`);
    }
  }
}

function mysqlTables(prefix: string): string[] {
  const options = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci';
  return [
    `CREATE TABLE IF NOT EXISTS \`${prefix}eca_change_cursor\` (
      id tinyint(3) unsigned NOT NULL,
      last_cursor bigint(20) unsigned NOT NULL,
      PRIMARY KEY (id)
    ) ${options}`,
    `CREATE TABLE IF NOT EXISTS \`${prefix}eca_changes\` (
      cursor_id bigint(20) unsigned NOT NULL,
      record_type varchar(20) NOT NULL,
      record_id bigint(20) unsigned NOT NULL,
      action varchar(10) NOT NULL,
      changed_at bigint(20) unsigned NOT NULL,
      public_after tinyint(1) NOT NULL,
      public_before tinyint(1) NOT NULL,
      PRIMARY KEY (cursor_id)
    ) ${options}`,
    `CREATE TABLE IF NOT EXISTS \`${prefix}eca_webhooks\` (
      id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
      url varchar(2048) NOT NULL,
      events varchar(1000) NOT NULL,
      secret varchar(255) NOT NULL,
      active tinyint(1) NOT NULL,
      enqueued_through bigint(20) unsigned NOT NULL,
      consecutive_failures int(10) unsigned NOT NULL DEFAULT 0,
      failing_since bigint(20) unsigned DEFAULT NULL,
      disabled_reason varchar(255) DEFAULT NULL,
      created_by bigint(20) unsigned NOT NULL,
      created_at bigint(20) unsigned NOT NULL,
      updated_at bigint(20) unsigned NOT NULL,
      PRIMARY KEY (id),
      KEY active_enqueued (active, enqueued_through)
    ) ${options}`,
    `CREATE TABLE IF NOT EXISTS \`${prefix}eca_webhook_deliveries\` (
      id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
      webhook_id bigint(20) unsigned NOT NULL,
      change_cursor bigint(20) unsigned NOT NULL,
      kind varchar(40) NOT NULL,
      state varchar(10) NOT NULL,
      attempts int(10) unsigned NOT NULL DEFAULT 0,
      next_attempt_at bigint(20) unsigned NOT NULL,
      created_at bigint(20) unsigned NOT NULL,
      completed_at bigint(20) unsigned DEFAULT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY webhook_change (webhook_id, change_cursor),
      KEY due (state, next_attempt_at)
    ) ${options}`,
    `CREATE TABLE IF NOT EXISTS \`${prefix}eca_webhook_attempts\` (
      id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
      delivery_id bigint(20) unsigned NOT NULL,
      attempt int(10) unsigned NOT NULL,
      started_at bigint(20) unsigned NOT NULL,
      duration_ms int(10) unsigned NOT NULL,
      status_code smallint(5) unsigned DEFAULT NULL,
      error varchar(500) DEFAULT NULL,
      response text,
      PRIMARY KEY (id),
      KEY delivery (delivery_id, attempt)
    ) ${options}`,
  ];
}

function sqliteTables(prefix: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${prefix}eca_change_cursor" (id INTEGER NOT NULL PRIMARY KEY, last_cursor INTEGER NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS "${prefix}eca_changes" (
      cursor_id INTEGER NOT NULL PRIMARY KEY, record_type TEXT NOT NULL, record_id INTEGER NOT NULL, action TEXT NOT NULL,
      changed_at INTEGER NOT NULL, public_after INTEGER NOT NULL, public_before INTEGER NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS "${prefix}eca_webhooks" (
      id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, events TEXT NOT NULL, secret TEXT NOT NULL, active INTEGER NOT NULL,
      enqueued_through INTEGER NOT NULL, consecutive_failures INTEGER NOT NULL DEFAULT 0, failing_since INTEGER, disabled_reason TEXT,
      created_by INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS "${prefix}eca_webhooks_active_enqueued" ON "${prefix}eca_webhooks" (active, enqueued_through)`,
    `CREATE TABLE IF NOT EXISTS "${prefix}eca_webhook_deliveries" (
      id INTEGER PRIMARY KEY AUTOINCREMENT, webhook_id INTEGER NOT NULL, change_cursor INTEGER NOT NULL, kind TEXT NOT NULL, state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, created_at INTEGER NOT NULL, completed_at INTEGER)`,
    `CREATE UNIQUE INDEX IF NOT EXISTS "${prefix}eca_webhook_deliveries_webhook_change" ON "${prefix}eca_webhook_deliveries" (webhook_id, change_cursor)`,
    `CREATE INDEX IF NOT EXISTS "${prefix}eca_webhook_deliveries_due" ON "${prefix}eca_webhook_deliveries" (state, next_attempt_at)`,
    `CREATE TABLE IF NOT EXISTS "${prefix}eca_webhook_attempts" (
      id INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id INTEGER NOT NULL, attempt INTEGER NOT NULL, started_at INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL, status_code INTEGER, error TEXT, response TEXT)`,
    `CREATE INDEX IF NOT EXISTS "${prefix}eca_webhook_attempts_delivery" ON "${prefix}eca_webhook_attempts" (delivery_id, attempt)`,
  ];
}
