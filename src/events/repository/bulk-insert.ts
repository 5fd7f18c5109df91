import { placeholders, Sql, SqlParam } from '../../database/sql';

/** Stays under SQLite's 32766 bound variables and keeps MySQL statements well below max_allowed_packet. */
const MAX_PARAMS = 30_000;

/** Multi-row `INSERT INTO table (columns) VALUES (…), (…)`, in as few statements as the limits allow (rows keep their order). */
export async function bulkInsert(sql: Sql, table: string, columns: readonly string[], rows: readonly SqlParam[][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const tuple = `(${placeholders(columns)})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    await sql.run(`INSERT INTO ${sql.table(table)} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`, chunk.flat());
  }
}

/** `UPDATE table SET column = CASE key WHEN … THEN … END WHERE key IN (…)` for many rows at once. */
export async function bulkUpdate(sql: Sql, table: string, key: string, column: string, values: ReadonlyMap<number, SqlParam>): Promise<void> {
  const entries = [...values];
  const perStatement = Math.floor(MAX_PARAMS / 3);
  for (let start = 0; start < entries.length; start += perStatement) {
    const chunk = entries.slice(start, start + perStatement);
    const ids = chunk.map(([id]) => id);
    await sql.run(
      `UPDATE ${sql.table(table)} SET ${column} = CASE ${key} ${chunk.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE ${key} IN (${placeholders(ids)})`,
      [...chunk.flat(), ...ids],
    );
  }
}
