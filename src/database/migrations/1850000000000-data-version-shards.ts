import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows of `{prefix}eca_cache_state` the data version is summed over (DATA_VERSION_SHARDS in src/cache/repository/; a migration keeps its own figure). */
const SHARDS = 32;

/**
 * The data version becomes the sum of 32 counters (rows `id` 1–32) instead of one row every writer of
 * the site queued on until its commit (issue #23). Row 1 keeps the current version and the new rows
 * start at 0, so the version does not move; a must-use plugin bumping row 1 (docs/caching.md) still
 * moves it.
 */
export class DataVersionShards1850000000000 implements MigrationInterface {
  name = 'DataVersionShards1850000000000';

  async up(runner: QueryRunner): Promise<void> {
    const table = this.table(runner);
    const isSqlite = runner.connection.options.type === 'better-sqlite3';
    const rows = Array.from({ length: SHARDS }, (_, i) => `(${i + 1}, 0)`).join(', ');
    await runner.query(`INSERT ${isSqlite ? 'OR IGNORE' : 'IGNORE'} INTO ${table} (id, version) VALUES ${rows}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    // Back to one row holding the whole sum, so the version does not go back.
    const table = this.table(runner);
    const [row] = (await runner.query(`SELECT SUM(version) AS version FROM ${table}`)) as { version: number | string | null }[];
    await runner.query(`UPDATE ${table} SET version = ? WHERE id = 1`, [Number(row?.version ?? 0)]);
    await runner.query(`DELETE FROM ${table} WHERE id <> 1`);
  }

  private table(runner: QueryRunner): string {
    return runner.connection.driver.escape(`${runner.connection.options.entityPrefix ?? ''}eca_cache_state`);
  }
}
