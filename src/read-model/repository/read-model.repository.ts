import { placeholders, Sql, SqlParam, TogetherStatement } from '../../database/sql';
import { BROAD_KEYS, broadBits, broadEpochId, EPOCH_IDS, GLOBAL_EPOCH_ID } from '../broad-keys';
import { encodeValue } from '../value-codec';
import { decodedRow } from '../decoded-rows';

/** One record's row: its ID, its value and the journal keys the value shows. */
export interface ReadModelRow {
  id: number;
  value: unknown;
  keys: readonly string[];
  /** A list total kept by the writes beside its value (src/cache/kept-totals.ts); none for other rows. */
  total?: number;
}

/** A kept total moved by one record's write (ReadModelRepository.movedTotals). */
export interface TotalMove {
  kind: string;
  id: number;
  /** The row's text as it was read: the total it holds is the one `count` narrows. */
  body: string;
  /** How many of the total's rows the record is now. */
  count: { sql: string; params: SqlParam[] };
  /** How many it was before the write. */
  before: number;
}

/** A row's text and the number beside it (`total`), as stored. */
export interface StoredTotal {
  body: string;
  total: number;
}

export interface RecordRef {
  kind: string;
  id: number | string;
}

/** Rows (and keys) per statement. */
export const CHUNK = 500;

/** The counters of `eca_read_epoch` by row ID: the global epoch (1) and one per broad key. */
export type Epochs = ReadonlyMap<number, number>;

/**
 * What makes a row current, for a statement over `eca_read_model` aliased `alias`: its `epoch` equals
 * the sum of the global epoch and of the counters of the broad keys it shows (src/read-model/broad-keys.ts),
 * joined as `e1`, `e2`, ….
 */
export function currentRows(sql: Sql, alias: string): { joins: string; condition: string } {
  return { joins: epochJoins(sql), condition: currentEpoch(alias) };
}

function epochJoins(sql: Sql): string {
  const table = sql.table('eca_read_epoch');
  return EPOCH_IDS.map((id) => ` JOIN ${table} e${id} ON e${id}.id = ${id}`).join('');
}

function currentEpoch(alias: string): string {
  const broad = BROAD_KEYS.map((_, i) => ` + (((${alias}.broad >> ${i}) & 1) * e${broadEpochId(i)}.epoch)`).join('');
  return `${alias}.epoch = (e${GLOBAL_EPOCH_ID}.epoch${broad})`;
}

/**
 * The statements of the read model's tables (migrations ReadModel, ReadModelBroadKeys): `eca_read_model`
 * (a record's value by kind and ID, with the epoch and time it was written at and the broad keys it
 * shows), `eca_read_deps` (the journal keys each row shows) and `eca_read_epoch` (row 1: the global
 * epoch; rows 2, …: the broad keys' counters, src/read-model/broad-keys.ts). The rules of when each
 * runs are ReadModel's.
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
        `SELECT r.kind, r.id, r.body FROM ${this.sql.table('eca_read_model')} r${epochJoins(this.sql)}
          WHERE (${which})${age} AND ${currentEpoch('r')}`,
        params,
      );
      for (const row of rows) {
        // A localized text varies with the request's origin: it is its own key (decoded-rows.ts).
        const value = localize ? decodedRow(localize(row.body)) : decodedRow(row.body, `${row.kind}\n${row.id}`);
        asked.forEach((ask, index) => {
          if (ask.kind === row.kind && ask.ids.has(Number(row.id))) found[index].set(Number(row.id), value);
        });
      }
    }
    return found;
  }

  /** The current row of `kind` and `id` that holds a total (written at `builtSince` or later), as stored. */
  async storedTotal(kind: string, id: number, builtSince?: number): Promise<StoredTotal | undefined> {
    const age = builtSince === undefined ? '' : ' AND r.built_at >= ?';
    const row = await this.sql.one<{ body: string; total: number | string | null }>(
      `SELECT r.body, r.total FROM ${this.sql.table('eca_read_model')} r${epochJoins(this.sql)}
        WHERE r.kind = ? AND r.id = ?${age} AND r.total IS NOT NULL AND ${currentEpoch('r')}`,
      builtSince === undefined ? [kind, id] : [kind, id, builtSince],
    );
    return row && row.total !== null ? { body: row.body, total: Number(row.total) } : undefined;
  }

  /**
   * The statements that move kept totals by one record's difference, inside the record's write
   * transaction: each row that still holds its `body` gets `total + now − before`, where `now` is its
   * `count` (a COUNT statement) run there and then; a row that holds another text since is deleted (it
   * was counted by someone else, maybe without the record's change).
   */
  movedTotals(moves: readonly TotalMove[]): { sql: string; params: SqlParam[] }[] {
    if (!moves.length) return [];
    const model = this.sql.table('eca_read_model');
    const cases = moves.map((move) => `WHEN kind = ? AND id = ? THEN (${move.count.sql}) - ?`).join(' ');
    const caseParams = moves.flatMap((move) => [move.kind, move.id, ...move.count.params, move.before]);
    const rows = (equal: boolean) => moves.map(() => `(kind = ? AND id = ? AND body ${equal ? '=' : '<>'} ?)`).join(' OR ');
    const rowParams = moves.flatMap((move) => [move.kind, move.id, move.body]);
    return [
      { sql: `UPDATE ${model} SET total = total + CASE ${cases} ELSE 0 END WHERE ${rows(true)}`, params: [...caseParams, ...rowParams] },
      { sql: `DELETE FROM ${model} WHERE ${rows(false)}`, params: rowParams },
    ];
  }

  /**
   * Inside a transaction (MySQL): share-locks every data-version counter (`eca_cache_state`) until it
   * ends, so no writer can bump one meanwhile.
   */
  async holdOffWriters(): Promise<void> {
    if (this.sql.isMysql) await this.sql.rows(`SELECT id FROM ${this.sql.table('eca_cache_state')} ORDER BY id LOCK IN SHARE MODE`);
  }

  /** Every counter; undefined unless each is there and positive. */
  async epochs(): Promise<Epochs | undefined> {
    const rows = await this.sql.rows<{ id: number | string; epoch: number | string }>(`SELECT id, epoch FROM ${this.sql.table('eca_read_epoch')}`);
    const epochs = new Map(rows.map((row) => [Number(row.id), Number(row.epoch)]));
    return EPOCH_IDS.every((id) => (epochs.get(id) ?? 0) > 0) ? epochs : undefined;
  }

  /** Moves the global epoch (`ids` absent) or the given counters. */
  async moveEpoch(ids: readonly number[] = [GLOBAL_EPOCH_ID]): Promise<void> {
    await this.sql.run(`UPDATE ${this.sql.table('eca_read_epoch')} SET epoch = epoch + 1 WHERE id IN (${placeholders(ids)})`, [...ids]);
  }

  /**
   * One chunk of rows of `kind` and their keys (the keys first replaced: a value may show other keys
   * now), sent together: one round trip on MySQL (Sql.runTogether, inside the fill's transaction).
   */
  async write(kind: string, rows: readonly ReadModelRow[], epochs: Epochs, now: number): Promise<void> {
    const sql = this.sql;
    const model = sql.table('eca_read_model');
    const deps = sql.table('eca_read_deps');
    const ids = rows.map((row) => row.id);
    const statements: TogetherStatement[] = [{ sql: `DELETE FROM ${deps} WHERE kind = ? AND id IN (${placeholders(ids)})`, params: [kind, ...ids] }];
    const tuples = rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
    const values = rows.flatMap((row) => {
      const broad = broadBits(row.keys);
      const epoch = BROAD_KEYS.reduce((sum, _, i) => sum + ((broad >> i) & 1) * epochs.get(broadEpochId(i))!, epochs.get(GLOBAL_EPOCH_ID)!);
      return [kind, row.id, epoch, now, encodeValue(row.value), broad, row.total ?? null];
    });
    const columns = '(kind, id, epoch, built_at, body, broad, total)';
    statements.push({
      sql: sql.isMysql
        ? `INSERT INTO ${model} ${columns} VALUES ${tuples} ON DUPLICATE KEY UPDATE epoch = VALUES(epoch), built_at = VALUES(built_at), body = VALUES(body), broad = VALUES(broad), total = VALUES(total)`
        : `INSERT INTO ${model} ${columns} VALUES ${tuples} ON CONFLICT (kind, id) DO UPDATE SET epoch = excluded.epoch, built_at = excluded.built_at, body = excluded.body, broad = excluded.broad, total = excluded.total`,
      params: values,
    });
    const pairs = rows.flatMap((row) => [...new Set(row.keys)].map((key) => [key, kind, row.id] as SqlParam[]));
    for (let i = 0; i < pairs.length; i += CHUNK) {
      const chunk = pairs.slice(i, i + CHUNK);
      statements.push({
        sql: `INSERT ${sql.isMysql ? 'IGNORE' : 'OR IGNORE'} INTO ${deps} (dep_key, kind, id) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
        params: chunk.flat(),
      });
    }
    await sql.runTogether(statements);
  }

  /** The records whose rows show any of `keys` (at most CHUNK keys). */
  async showing(keys: readonly string[]): Promise<RecordRef[]> {
    const { sql, params } = this.showingStatement(keys);
    return this.sql.rows<RecordRef>(sql, params);
  }

  /** The statement of `showing`, for a write to send with others (Sql.runTogether). */
  showingStatement(keys: readonly string[]): { sql: string; params: SqlParam[] } {
    return { sql: `SELECT DISTINCT kind, id FROM ${this.sql.table('eca_read_deps')} WHERE dep_key IN (${placeholders(keys)})`, params: [...keys] };
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
    const other = kinds.length ? ` OR r.kind NOT IN (${placeholders(kinds)})` : '';
    return this.sql.rows<RecordRef>(`SELECT r.kind, r.id FROM ${model} r${epochJoins(this.sql)} WHERE NOT (${currentEpoch('r')})${other} LIMIT ${CHUNK}`, [
      ...kinds,
    ]);
  }

  /** Deletes the keys of records that have no row (left by rows retired and never filled again). */
  async deleteOrphanKeys(): Promise<number> {
    const deps = this.sql.table('eca_read_deps');
    const model = this.sql.table('eca_read_model');
    return (await this.sql.run(`DELETE FROM ${deps} WHERE NOT EXISTS (SELECT 1 FROM ${model} r WHERE r.kind = ${deps}.kind AND r.id = ${deps}.id)`)).affected;
  }
}
