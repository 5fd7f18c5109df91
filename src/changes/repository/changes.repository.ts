import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { Sql, SqlParam } from '../../database/sql';
import type { SeriesTouch, WriteAction } from '../../wordpress/write-journal';

/** A change as the log stores it. `publicAfter`/`publicBefore`: whether anyone could read the record then. */
export interface ChangeRow {
  cursor: number;
  /** A plugin record type (RECORD_TYPES) or a declared resource's. */
  type: string;
  id: number;
  action: WriteAction;
  /** Epoch milliseconds of the write's commit step. */
  changedAt: number;
  publicAfter: boolean;
  publicBefore: boolean;
  /** A series write: the occurrences after its first event it touched, by action (the change is the first event's). */
  occurrences?: Partial<SeriesTouch>;
}

export type NewChange = Omit<ChangeRow, 'cursor' | 'changedAt'>;

/** The columns a change is read from, for a query whose change table is `alias`. */
export const changeColumns = (alias = '') =>
  ['cursor_id', 'record_type', 'record_id', 'action', 'changed_at', 'public_after', 'public_before', 'occurrences'].map((c) => `${alias}${c}`).join(', ');
const COLUMNS = changeColumns();

/** Only the actions that touched an occurrence, as stored (JSON) and read. */
function occurrencesOf(touch: Partial<SeriesTouch> | undefined): Partial<SeriesTouch> | undefined {
  const kept = Object.entries(touch ?? {}).filter(([, ids]) => ids && ids.length);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

export function toChangeRow(raw: Record<string, unknown>): ChangeRow {
  return {
    cursor: Number(raw.cursor_id),
    type: String(raw.record_type),
    id: Number(raw.record_id),
    action: raw.action as WriteAction,
    changedAt: Number(raw.changed_at),
    publicAfter: Number(raw.public_after) === 1,
    publicBefore: Number(raw.public_before) === 1,
    ...(raw.occurrences ? { occurrences: JSON.parse(String(raw.occurrences)) as Partial<SeriesTouch> } : {}),
  };
}

/** The change log's SQL (`{prefix}eca_changes`, `{prefix}eca_change_cursor`). */
@Injectable()
export class ChangesRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /**
   * Appends a write transaction's changes, as its last statements before it commits. Their cursors are
   * taken from the one `eca_change_cursor` row: its UPDATE locks the row until the commit (MySQL; SQLite
   * runs one write transaction at a time), so a transaction gets cursors only after every transaction
   * that got smaller ones has committed. A reader that sees cursor N therefore already sees every
   * change up to N, and `after=N` can never skip a change that commits later. (An AUTO_INCREMENT id,
   * taken at insert time, would not do: a transaction that got id 5 may commit after one that got 6.)
   * The row is the one place the commits of writers queue (the data version is spread over rows, slugs
   * are locked one by one): it is taken after everything else, the data-version bump included
   * (test/e2e/write-contention.e2e-spec.ts), so it is held for this INSERT and the commit only — InnoDB
   * releases row locks before it flushes the log, so the next writer's UPDATE and this commit's flush
   * overlap and concurrent commits share a flush.
   */
  async append(changes: readonly NewChange[], changedAt: number): Promise<void> {
    if (!changes.length) return;
    const sql = this.sql;
    const cursor = sql.table('eca_change_cursor');
    const count = changes.length;
    const params: SqlParam[] = changes.flatMap((c, i) => {
      const occurrences = occurrencesOf(c.occurrences);
      return [
        count - 1 - i,
        c.type,
        c.id,
        c.action,
        changedAt,
        c.publicAfter ? 1 : 0,
        c.publicBefore ? 1 : 0,
        occurrences ? JSON.stringify(occurrences) : null,
      ];
    });
    // The cursors move on by `count`; the rows take the last `count` values, read from the row this
    // transaction just moved (its own write), so both statements share one round trip.
    const taken = `(SELECT last_cursor FROM ${cursor} WHERE id = 1) - ?`;
    await sql.runTogether([
      { sql: `UPDATE ${cursor} SET last_cursor = last_cursor + ? WHERE id = 1`, params: [count] },
      { sql: `INSERT INTO ${sql.table('eca_changes')} (${COLUMNS}) VALUES ${changes.map(() => `(${taken}, ?, ?, ?, ?, ?, ?, ?)`).join(', ')}`, params },
    ]);
  }

  /** The last cursor given out (0 on a fresh log). */
  async lastCursor(): Promise<number> {
    const row = await this.sql.one<{ last_cursor: number | string }>(`SELECT last_cursor FROM ${this.sql.table('eca_change_cursor')} WHERE id = 1`);
    return Number(row?.last_cursor ?? 0);
  }

  /** The changes after a cursor, in cursor order (the primary key: a range read of `limit` rows). */
  async after(cursor: number, limit: number): Promise<ChangeRow[]> {
    const rows = await this.sql.rows(`SELECT ${COLUMNS} FROM ${this.sql.table('eca_changes')} WHERE cursor_id > ? ORDER BY cursor_id LIMIT ?`, [cursor, limit]);
    return rows.map(toChangeRow);
  }

  /**
   * A page of the feed and the log's last cursor, both committed: on SQLite every read shares the
   * connection of the write transaction open at that moment and would see its rows before they commit
   * (or roll back, giving their cursors to the next write), so the page is read in a transaction of
   * its own, after that one ends. MySQL's pool reads see committed rows only.
   */
  async committedPage(cursor: number, limit: number): Promise<{ rows: ChangeRow[]; lastCursor: number }> {
    const read = async () => ({ lastCursor: await this.lastCursor(), rows: await this.after(cursor, limit) });
    return this.db.isMysql ? read() : this.db.transaction(read, { bookkeeping: true });
  }
}
