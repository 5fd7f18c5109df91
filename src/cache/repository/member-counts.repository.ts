import type { Sql, SqlParam } from '../../database/sql';

/** COUNT statements, each a scalar subquery of one SELECT: one statement, one round trip, for them all. */
export async function countsTogether(sql: Sql, counts: readonly { sql: string; params: SqlParam[] }[]): Promise<number[]> {
  if (!counts.length) return [];
  const row = await sql.one<Record<string, number | string>>(
    `SELECT ${counts.map((count, i) => `(${count.sql}) AS n${i}`).join(', ')}`,
    counts.flatMap((count) => count.params),
  );
  return counts.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}
