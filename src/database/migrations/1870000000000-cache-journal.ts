import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each write of the service changed, for the caches of every instance (issue #23, docs/caching.md
 * "What a write retires"): one row per write transaction, keyed by the data-version row it bumped and
 * the value it bumped it to, listing the cache keys it touched (`post:12 type:tribe_events …`). An
 * instance that sees a row's counter move reads the rows in between and retires only what they name;
 * a bump without its row (WordPress's must-use plugin, a pruned row) retires everything.
 */
export class CacheJournal1870000000000 implements MigrationInterface {
  name = 'CacheJournal1870000000000';

  async up(runner: QueryRunner): Promise<void> {
    const table = `${runner.connection.options.entityPrefix ?? ''}eca_cache_journal`;
    if (runner.connection.options.type === 'better-sqlite3') {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS "${table}" (shard INTEGER NOT NULL, value INTEGER NOT NULL, cache_keys TEXT NOT NULL, PRIMARY KEY (shard, value))`,
      );
      return;
    }
    await runner.query(
      `CREATE TABLE IF NOT EXISTS \`${table}\` (
        shard tinyint(3) unsigned NOT NULL,
        value bigint(20) unsigned NOT NULL,
        cache_keys mediumtext NOT NULL,
        PRIMARY KEY (shard, value)
      ) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ${runner.connection.driver.escape(`${runner.connection.options.entityPrefix ?? ''}eca_cache_journal`)}`);
  }
}
