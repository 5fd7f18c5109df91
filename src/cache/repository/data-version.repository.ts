import type { Sql, TogetherResult, TogetherStatement } from '../../database/sql';
import type { JournalRange, JournalRow } from '../freshness';

/**
 * Rows of `{prefix}eca_cache_state` (migration DataVersionShards): the data version is the list of
 * their `version` counters. Every write transaction of the service increments one of them just before
 * it commits, so concurrent writers rarely queue on one row, and notes in `{prefix}eca_cache_journal`
 * (migration CacheJournal) the row and the value it bumped it to, with the cache keys it touched.
 *
 * Why the counters are a data version (docs/caching.md): each only ever grows, by 1 per committed
 * write, so they move at every commit and never come back to earlier values; one SELECT reads every
 * row as of one moment, so what it answers counts exactly the writes committed before that moment.
 * A request that read the counters before its data and later finds them unchanged knows that no write
 * committed in between: its data is still the current data. Where they moved, the journal rows of the
 * values in between say what the writes touched (Freshness).
 */
export const DATA_VERSION_SHARDS = 32;
/** Journal rows kept per data-version row; an instance further behind than this retires everything. */
const JOURNAL_KEPT = 4096;
/** Every this many values of a row, its write prunes the row's old journal rows. */
const PRUNE_EVERY = 256;

/** The counters in id order, comma-separated; undefined when a row is missing (nothing is then cached). */
export async function readVersionVector(sql: Sql): Promise<string | undefined> {
  const table = sql.table('eca_cache_state');
  const statement = sql.isMysql
    ? `SELECT GROUP_CONCAT(version ORDER BY id) AS vector, COUNT(*) AS shards FROM ${table}`
    : `SELECT group_concat(version) AS vector, COUNT(*) AS shards FROM (SELECT version FROM ${table} ORDER BY id)`;
  const row = await sql.one<{ vector: string | null; shards: number | string }>(statement);
  // A row missing (someone deleted it) would let the counters go back: nothing to file answers under.
  return row?.vector == null || Number(row.shards) < DATA_VERSION_SHARDS ? undefined : String(row.vector);
}

/** The journal rows of the given values (a missing row is a write that named nothing: see Freshness). */
export async function readJournal(sql: Sql, ranges: readonly JournalRange[]): Promise<JournalRow[]> {
  if (!ranges.length) return [];
  const rows = await sql.rows<{ shard: number | string; value: number | string; cache_keys: string }>(
    `SELECT shard, value, cache_keys FROM ${sql.table('eca_cache_journal')} WHERE ${ranges.map(() => '(shard = ? AND value > ? AND value <= ?)').join(' OR ')}`,
    ranges.flatMap((r) => [r.shard, r.after, r.upTo]),
  );
  return rows.map((r) => ({ shard: Number(r.shard), value: Number(r.value), keys: r.cache_keys.split(' ') }));
}

/**
 * Inside the writer's transaction: readers see the new counters, the journal row and the new data at
 * the same commit. MySQL: the connection's own row (pooled connections have consecutive IDs, so the
 * writers of one instance hold different rows); SQLite runs one write transaction at a time and bumps
 * row 1. Without `keys` (a test standing in for WordPress's must-use plugin) no journal row is written:
 * every instance then retires everything. The bump, its journal row and `alongside` (statements of
 * the caller's: the kept totals' moves, the read model's rows to retire) share one round trip; answers
 * `alongside`'s results, in order.
 */
export async function bumpDataVersion(sql: Sql, keys?: readonly string[], alongside: readonly TogetherStatement[] = []): Promise<TogetherResult[]> {
  const state = sql.table('eca_cache_state');
  const journal = sql.table('eca_cache_journal');
  const shard = sql.isMysql ? `1 + CONNECTION_ID() % ${DATA_VERSION_SHARDS}` : '1';
  const statements: TogetherStatement[] = [
    // MySQL: LAST_INSERT_ID(expr) hands the new value back in the statement's own result.
    {
      sql: sql.isMysql
        ? `UPDATE ${state} SET version = LAST_INSERT_ID(version + 1) WHERE id = ${shard}`
        : `UPDATE ${state} SET version = version + 1 WHERE id = 1 RETURNING version`,
    },
  ];
  // The journal row takes the value the bump left (none for a counter row someone deleted: nothing is
  // cached until it is back, readVersionVector).
  if (keys)
    statements.push({
      sql: `INSERT INTO ${journal} (shard, value, cache_keys) SELECT id, version, ? FROM ${state} WHERE id = ${shard}`,
      params: [keys.join(' ')],
    });
  const own = statements.length;
  statements.push(...alongside);
  const results = await sql.runTogether(statements);
  const value = sql.isMysql ? results[0].insertId : Number(results[0].rows[0]?.version);
  if (keys && value > 0 && value % PRUNE_EVERY === 0) await sql.run(`DELETE FROM ${journal} WHERE shard = ${shard} AND value <= ?`, [value - JOURNAL_KEPT]);
  return results.slice(own);
}
