import type { Sql } from '../../database/sql';

/**
 * Rows of `{prefix}eca_cache_state` (migration DataVersionShards): the data version is the sum of
 * their `version` counters. Every write transaction of the service increments one of them just before
 * it commits, so concurrent writers rarely queue on one row. A cached answer is valid only while the
 * version it was read under is still the current one.
 *
 * Why a sum is a data version (docs/caching.md): a counter only ever grows, by 1 per committed write,
 * so the sum moves at every commit and never comes back to an earlier value; one SELECT reads every
 * row as of one moment, so the sum it answers counts exactly the writes committed before that moment.
 * A request that read sum V before its data and later finds the sum still V knows that no write
 * committed in between: its data is still the current data.
 */
export const DATA_VERSION_SHARDS = 32;

export async function readDataVersion(sql: Sql): Promise<number | undefined> {
  const row = await sql.one<{ version: number | string | null; shards: number | string }>(
    `SELECT SUM(version) AS version, COUNT(*) AS shards FROM ${sql.table('eca_cache_state')}`,
  );
  // A row missing (someone deleted it) would let the sum go back: no version to file answers under, so nothing is cached.
  return row?.version == null || Number(row.shards) < DATA_VERSION_SHARDS ? undefined : Number(row.version);
}

/**
 * Inside the writer's transaction: readers see the new version and the new data at the same commit.
 * MySQL: the connection's own row (pooled connections have consecutive IDs, so the writers of one
 * instance hold different rows); SQLite runs one write transaction at a time and bumps row 1.
 */
export async function bumpDataVersion(sql: Sql): Promise<void> {
  const shard = sql.isMysql ? `1 + CONNECTION_ID() % ${DATA_VERSION_SHARDS}` : '1';
  await sql.run(`UPDATE ${sql.table('eca_cache_state')} SET version = version + 1 WHERE id = ${shard}`);
}
