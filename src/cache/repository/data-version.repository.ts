import type { Sql } from '../../database/sql';

/**
 * The data version (`{prefix}eca_cache_state`, migration CacheState): a counter every write
 * transaction of the service increments just before it commits. A cached answer is valid only while
 * the version it was read under is still the current one.
 */
export async function readDataVersion(sql: Sql): Promise<number | undefined> {
  const row = await sql.one<{ version: number | string }>(`SELECT version FROM ${sql.table('eca_cache_state')} WHERE id = 1`);
  // No row (someone deleted it): no version to file answers under, so nothing is cached.
  return row === undefined ? undefined : Number(row.version);
}

/** Inside the writer's transaction: readers see the new version and the new data at the same commit. */
export async function bumpDataVersion(sql: Sql): Promise<void> {
  await sql.run(`UPDATE ${sql.table('eca_cache_state')} SET version = version + 1 WHERE id = 1`);
}
