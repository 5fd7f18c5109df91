import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service's data version (src/cache/): one row, `id` 1, whose `version` every write transaction
 * of the service increments before it commits (DatabaseService). Response caches of every instance
 * sharing the database compare it with the version their answers were read under. WordPress ignores
 * the table; a must-use plugin may bump it too (docs/caching.md).
 */
export class CacheState1780000000000 implements MigrationInterface {
  name = 'CacheState1780000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const isMysql = runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
    const table = `${prefix}eca_cache_state`;
    if (isMysql) {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS \`${table}\` (
          id tinyint(3) unsigned NOT NULL,
          version bigint(20) unsigned NOT NULL,
          PRIMARY KEY (id)
        ) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin`,
      );
      await runner.query(`INSERT IGNORE INTO \`${table}\` (id, version) VALUES (1, 0)`);
      return;
    }
    await runner.query(`CREATE TABLE IF NOT EXISTS "${table}" (id INTEGER NOT NULL PRIMARY KEY, version INTEGER NOT NULL)`);
    await runner.query(`INSERT OR IGNORE INTO "${table}" (id, version) VALUES (1, 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    // Only a counter: caches read a missing row as "do not cache".
    const prefix = runner.connection.options.entityPrefix ?? '';
    await runner.query(`DROP TABLE IF EXISTS ${runner.connection.driver.escape(`${prefix}eca_cache_state`)}`);
  }
}
