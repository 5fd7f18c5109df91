import { placeholders, Sql, SqlParam } from '../../database/sql';
import { decodeValue, encodeValue } from '../value-codec';

/** One record's row: its ID, its value and the journal keys the value shows. */
export interface ReadModelRow {
  id: number;
  value: unknown;
  keys: readonly string[];
}

export interface RecordRef {
  kind: string;
  id: number | string;
}

/** Rows (and keys) per statement. */
export const CHUNK = 500;

/**
 * The statements of the read model's tables (migration ReadModel): `eca_read_model` (a record's value
 * by kind and ID, with the epoch and time it was written at), `eca_read_deps` (the journal keys each
 * row shows) and `eca_read_epoch` (row 1: the current epoch). The rules of when each runs are
 * ReadModel's.
 */
export class ReadModelRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * The decoded values of the current epoch's rows of each `{kind, ids}`, written at `builtSince` or
   * later, one map per ask in its order: one statement for them all (CHUNK IDs at most; more go in more).
   */
  async values(
    asks: readonly { kind: string; ids: readonly number[] }[],
    builtSince?: number,
    localize?: (json: string) => string,
  ): Promise<Map<number, unknown>[]> {
    const found = asks.map(() => new Map<number, unknown>());
    const asked = asks.map((ask) => ({ kind: ask.kind, ids: new Set(ask.ids) }));
    const wanted = asks.flatMap((ask, index) => ask.ids.map((id) => ({ index, kind: ask.kind, id })));
    const age = builtSince === undefined ? '' : ' AND r.built_at >= ?';
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const byKind = new Map<string, number[]>();
      for (const { kind, id } of wanted.slice(i, i + CHUNK)) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
      const which = [...byKind.values()].map((ids) => `(r.kind = ? AND r.id IN (${placeholders(ids)}))`).join(' OR ');
      const params: SqlParam[] = [...[...byKind].flatMap(([kind, ids]) => [kind, ...ids]), ...(builtSince === undefined ? [] : [builtSince])];
      const rows = await this.sql.rows<{ kind: string; id: number | string; body: string }>(
        `SELECT r.kind, r.id, r.body FROM ${this.sql.table('eca_read_model')} r JOIN ${this.sql.table('eca_read_epoch')} e ON e.id = 1 AND e.epoch = r.epoch
          WHERE (${which})${age}`,
        params,
      );
      for (const row of rows) {
        const value = decodeValue(localize ? localize(row.body) : row.body);
        asked.forEach((ask, index) => {
          if (ask.kind === row.kind && ask.ids.has(Number(row.id))) found[index].set(Number(row.id), value);
        });
      }
    }
    return found;
  }

  /**
   * Inside a transaction (MySQL): share-locks every data-version counter (`eca_cache_state`) until it
   * ends, so no writer can bump one meanwhile.
   */
  async holdOffWriters(): Promise<void> {
    if (this.sql.isMysql) await this.sql.rows(`SELECT id FROM ${this.sql.table('eca_cache_state')} ORDER BY id LOCK IN SHARE MODE`);
  }

  async epoch(): Promise<number> {
    return Number((await this.sql.one<{ epoch: number | string }>(`SELECT epoch FROM ${this.sql.table('eca_read_epoch')} WHERE id = 1`))?.epoch);
  }

  async moveEpoch(): Promise<void> {
    await this.sql.run(`UPDATE ${this.sql.table('eca_read_epoch')} SET epoch = epoch + 1 WHERE id = 1`);
  }

  /** One chunk of rows of `kind` and their keys (the keys first replaced: a value may show other keys now). */
  async write(kind: string, rows: readonly ReadModelRow[], epoch: number, now: number): Promise<void> {
    const sql = this.sql;
    const model = sql.table('eca_read_model');
    const deps = sql.table('eca_read_deps');
    const ids = rows.map((row) => row.id);
    await sql.run(`DELETE FROM ${deps} WHERE kind = ? AND id IN (${placeholders(ids)})`, [kind, ...ids]);
    const tuples = rows.map(() => '(?, ?, ?, ?, ?)').join(', ');
    const values = rows.flatMap((row) => [kind, row.id, epoch, now, encodeValue(row.value)]);
    await sql.run(
      sql.isMysql
        ? `INSERT INTO ${model} (kind, id, epoch, built_at, body) VALUES ${tuples} ON DUPLICATE KEY UPDATE epoch = VALUES(epoch), built_at = VALUES(built_at), body = VALUES(body)`
        : `INSERT INTO ${model} (kind, id, epoch, built_at, body) VALUES ${tuples} ON CONFLICT (kind, id) DO UPDATE SET epoch = excluded.epoch, built_at = excluded.built_at, body = excluded.body`,
      values,
    );
    const pairs = rows.flatMap((row) => [...new Set(row.keys)].map((key) => [key, kind, row.id] as SqlParam[]));
    for (let i = 0; i < pairs.length; i += CHUNK) {
      const chunk = pairs.slice(i, i + CHUNK);
      await sql.run(
        `INSERT ${sql.isMysql ? 'IGNORE' : 'OR IGNORE'} INTO ${deps} (dep_key, kind, id) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
        chunk.flat(),
      );
    }
  }

  /** The records whose rows show any of `keys` (at most CHUNK keys). */
  async showing(keys: readonly string[]): Promise<RecordRef[]> {
    return this.sql.rows<RecordRef>(`SELECT DISTINCT kind, id FROM ${this.sql.table('eca_read_deps')} WHERE dep_key IN (${placeholders(keys)})`, [...keys]);
  }

  /**
   * Deletes the rows (and with `keys`, their keys) of these records, CHUNK records a statement, every
   * kind in one: ordered by (kind, id), the primary key's order, the order in which concurrent writers
   * lock the rows they share (no deadlock between them).
   */
  async delete(records: readonly RecordRef[], keys: boolean): Promise<void> {
    const sorted = records.map(({ kind, id }) => ({ kind, id: Number(id) })).sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.id - b.id));
    for (let i = 0; i < sorted.length; i += CHUNK) {
      const byKind = new Map<string, number[]>();
      for (const { kind, id } of sorted.slice(i, i + CHUNK)) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
      const where = [...byKind.values()].map((ids) => `(kind = ? AND id IN (${placeholders(ids)}))`).join(' OR ');
      const params = [...byKind].flatMap(([kind, ids]) => [kind, ...ids]);
      await this.sql.run(`DELETE FROM ${this.sql.table('eca_read_model')} WHERE ${where}`, params);
      if (keys) await this.sql.run(`DELETE FROM ${this.sql.table('eca_read_deps')} WHERE ${where}`, params);
    }
  }

  /** Up to CHUNK rows of another epoch or of none of `kinds`. */
  async stale(kinds: readonly string[]): Promise<RecordRef[]> {
    const model = this.sql.table('eca_read_model');
    const current = `(SELECT epoch FROM ${this.sql.table('eca_read_epoch')} WHERE id = 1)`;
    const other = kinds.length ? ` OR kind NOT IN (${placeholders(kinds)})` : '';
    return this.sql.rows<RecordRef>(`SELECT kind, id FROM ${model} WHERE epoch <> ${current}${other} LIMIT ${CHUNK}`, [...kinds]);
  }

  /** Deletes the keys of records that have no row (left by rows retired and never filled again). */
  async deleteOrphanKeys(): Promise<number> {
    const deps = this.sql.table('eca_read_deps');
    const model = this.sql.table('eca_read_model');
    return (await this.sql.run(`DELETE FROM ${deps} WHERE NOT EXISTS (SELECT 1 FROM ${model} r WHERE r.kind = ${deps}.kind AND r.id = ${deps}.id)`)).affected;
  }
}
