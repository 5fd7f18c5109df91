import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model (docs/architecture.md "The read model", src/read-model/): `eca_read_model` holds one
 * row per record and kind, the record's caller-independent value as text; `eca_read_deps` says which
 * journal keys (`post:12`, `tt:7`, …) each row shows, so a write deletes exactly the rows that show
 * what it touched, in its own transaction; `eca_read_epoch` is one counter a write of everything (a
 * site option) moves, which retires every row at once. Times are epoch milliseconds. WordPress ignores
 * all three; its must-use plugin (wordpress/mu-plugins/eca-journal.php) retires rows like the service.
 */
export class ReadModel1900000000000 implements MigrationInterface {
  name = 'ReadModel1900000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const q = (name: string) => runner.connection.driver.escape(`${prefix}${name}`);
    if (runner.connection.options.type === 'better-sqlite3') {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${q('eca_read_model')} (
          kind TEXT NOT NULL, id INTEGER NOT NULL, epoch INTEGER NOT NULL, built_at INTEGER NOT NULL, body TEXT NOT NULL,
          PRIMARY KEY (kind, id))`,
      );
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${q('eca_read_deps')} (dep_key TEXT NOT NULL, kind TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (dep_key, kind, id))`,
      );
      await runner.query(`CREATE INDEX IF NOT EXISTS ${q('eca_read_deps_record')} ON ${q('eca_read_deps')} (kind, id)`);
      await runner.query(`CREATE TABLE IF NOT EXISTS ${q('eca_read_epoch')} (id INTEGER PRIMARY KEY, epoch INTEGER NOT NULL)`);
    } else {
      const options = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${q('eca_read_model')} (
          kind varchar(64) NOT NULL,
          id bigint(20) unsigned NOT NULL,
          epoch bigint(20) unsigned NOT NULL,
          built_at bigint(20) unsigned NOT NULL,
          body longtext NOT NULL,
          PRIMARY KEY (kind, id)
        ) ${options}`,
      );
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${q('eca_read_deps')} (
          dep_key varchar(191) NOT NULL,
          kind varchar(64) NOT NULL,
          id bigint(20) unsigned NOT NULL,
          PRIMARY KEY (dep_key, kind, id),
          KEY record (kind, id)
        ) ${options}`,
      );
      await runner.query(
        `CREATE TABLE IF NOT EXISTS ${q('eca_read_epoch')} (id tinyint unsigned NOT NULL, epoch bigint(20) unsigned NOT NULL, PRIMARY KEY (id)) ${options}`,
      );
    }
    const epochs = (await runner.query(`SELECT COUNT(*) AS n FROM ${q('eca_read_epoch')}`)) as { n: number | string }[];
    if (!Number(epochs[0]?.n)) await runner.query(`INSERT INTO ${q('eca_read_epoch')} (id, epoch) VALUES (1, 1)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const q = (name: string) => runner.connection.driver.escape(`${prefix}${name}`);
    for (const table of ['eca_read_epoch', 'eca_read_deps', 'eca_read_model']) await runner.query(`DROP TABLE IF EXISTS ${q(table)}`);
  }
}
