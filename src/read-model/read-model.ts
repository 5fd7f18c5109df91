import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { placeholders, SqlParam } from '../database/sql';
import { EVERYTHING } from '../wordpress/write-journal';
import { codeFingerprint } from './code-fingerprint';
import { decodeValue, encodeValue } from './value-codec';

/** One record's value to keep, with the journal keys it shows (`post:12`, `tt:7`, …). */
export interface ReadModelEntry {
  id: number;
  value: unknown;
  keys: readonly string[];
}

/** Rows (and keys) per statement. */
const CHUNK = 500;

/**
 * The read model (docs/architecture.md "The read model", docs/caching.md): records' caller-independent
 * values kept in the database — durable, shared by every instance, used at any cache TTL — so a first
 * answer reads one row per record instead of rendering it from the WordPress tables. It knows no
 * resource: a kind names a family of values (`kind`), a row holds one record's value as text.
 *
 * A row is current by construction, never by age alone:
 * - every write transaction deletes, after it bumped its data-version counter and before it commits,
 *   the rows that show a key it touched (`retire`: through `eca_read_deps`; a write of everything
 *   moves the epoch, which retires all rows at once); WordPress's must-use plugin does the same;
 * - a row is written only by `fill`, with a value loaded after the caller read the data version, in a
 *   transaction that first share-locks every data-version counter and then checks that no write
 *   touching the value's keys committed since: a writer bumps its counter before it retires, so it
 *   either committed before the check (the value is dropped) or retires after the row exists.
 * Without the must-use plugin a write WordPress makes itself is unseen until the row is older than
 * READ_MODEL_MAX_AGE_SECONDS.
 */
@Injectable()
export class ReadModel {
  readonly enabled: boolean;
  private readonly maxAgeMs: number;

  constructor(
    private readonly db: DatabaseService,
    config: AppConfig,
  ) {
    this.enabled = config.readModel.enabled;
    this.maxAgeMs = config.readModel.maxAgeMs;
  }

  /**
   * The kind of a family of values: its name and a hash of the code that renders them and of what
   * else they were rendered for (the public base of their links), at most 64 characters.
   */
  kind(name: string, renderedFor = ''): string {
    return `${name.slice(0, 40)}@${createHash('sha1').update(`${codeFingerprint()}\n${renderedFor}`).digest('hex').slice(0, 20)}`;
  }

  /** The current rows of `kind` among `ids`, decoded. */
  async read<T>(kind: string, ids: readonly number[]): Promise<Map<number, T>> {
    const found = new Map<number, T>();
    if (!this.enabled || !ids.length) return found;
    const sql = this.db.sql;
    const age = this.maxAgeMs ? ' AND r.built_at >= ?' : '';
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const params: SqlParam[] = [kind, ...chunk, ...(this.maxAgeMs ? [Date.now() - this.maxAgeMs] : [])];
      const rows = await sql.rows<{ id: number | string; body: string }>(
        `SELECT r.id, r.body FROM ${sql.table('eca_read_model')} r JOIN ${sql.table('eca_read_epoch')} e ON e.id = 1 AND e.epoch = r.epoch
          WHERE r.kind = ? AND r.id IN (${placeholders(chunk)})${age}`,
        params,
      );
      for (const row of rows) found.set(Number(row.id), decodeValue<T>(row.body));
    }
    return found;
  }

  /**
   * Keeps `entries` as rows of `kind` when `stillCurrent` — asked inside the transaction, once no write
   * can commit any more until it ends — says no write touching their keys committed since their values
   * were loaded. Whether they were kept.
   */
  async fill(kind: string, entries: readonly ReadModelEntry[], stillCurrent: () => Promise<boolean>): Promise<boolean> {
    if (!this.enabled || !entries.length) return false;
    // In ID order, as every filler locks them, so two fills of the same rows queue instead of deadlocking.
    const sorted = [...entries].sort((a, b) => a.id - b.id);
    return this.db.transaction(
      async () => {
        const sql = this.db.sql;
        // Writers bump one of these counters before they retire rows: with all of them share-locked, none
        // can between the check below and this transaction's commit. SQLite: transactions run one at a time.
        if (sql.isMysql) await sql.rows(`SELECT id FROM ${sql.table('eca_cache_state')} ORDER BY id LOCK IN SHARE MODE`);
        if (!(await stillCurrent())) return false;
        const epoch = Number((await sql.one<{ epoch: number | string }>(`SELECT epoch FROM ${sql.table('eca_read_epoch')} WHERE id = 1`))?.epoch);
        if (!(epoch > 0)) return false;
        const now = Date.now();
        for (let i = 0; i < sorted.length; i += CHUNK) await this.write(kind, sorted.slice(i, i + CHUNK), epoch, now);
        return true;
      },
      { bookkeeping: true },
    );
  }

  /** One chunk of rows and their keys (the keys first replaced: a record's value may show other keys now). */
  private async write(kind: string, entries: readonly ReadModelEntry[], epoch: number, now: number): Promise<void> {
    const sql = this.db.sql;
    const model = sql.table('eca_read_model');
    const deps = sql.table('eca_read_deps');
    const ids = entries.map((e) => e.id);
    await sql.run(`DELETE FROM ${deps} WHERE kind = ? AND id IN (${placeholders(ids)})`, [kind, ...ids]);
    const rows = entries.map(() => '(?, ?, ?, ?, ?)').join(', ');
    const values = entries.flatMap((e) => [kind, e.id, epoch, now, encodeValue(e.value)]);
    await sql.run(
      sql.isMysql
        ? `INSERT INTO ${model} (kind, id, epoch, built_at, body) VALUES ${rows} ON DUPLICATE KEY UPDATE epoch = VALUES(epoch), built_at = VALUES(built_at), body = VALUES(body)`
        : `INSERT INTO ${model} (kind, id, epoch, built_at, body) VALUES ${rows} ON CONFLICT (kind, id) DO UPDATE SET epoch = excluded.epoch, built_at = excluded.built_at, body = excluded.body`,
      values,
    );
    const pairs = entries.flatMap((e) => [...new Set(e.keys)].map((key) => [key, kind, e.id] as SqlParam[]));
    for (let i = 0; i < pairs.length; i += CHUNK) {
      const chunk = pairs.slice(i, i + CHUNK);
      await sql.run(`INSERT ${sql.isMysql ? 'IGNORE' : 'OR IGNORE'} INTO ${deps} (dep_key, kind, id) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`, chunk.flat());
    }
  }

  /**
   * Inside a write transaction, after its data-version bump: deletes the rows that show any of `keys`
   * (all of them, by moving the epoch, for `*`).
   */
  async retire(keys: readonly string[]): Promise<void> {
    if (!keys.length) return;
    const sql = this.db.sql;
    if (keys.includes(EVERYTHING)) {
      await this.retireAll();
      return;
    }
    for (let i = 0; i < keys.length; i += CHUNK) {
      const chunk = keys.slice(i, i + CHUNK);
      const records = await sql.rows<{ kind: string; id: number | string }>(
        `SELECT DISTINCT kind, id FROM ${sql.table('eca_read_deps')} WHERE dep_key IN (${placeholders(chunk)})`,
        chunk,
      );
      // Their keys stay: a row's keys are replaced when it is filled again, and a key naming no row costs nothing.
      await this.deleteRows(records, false);
    }
  }

  /** Deletes the rows (and with `keys`, their keys) of these records, per kind, in ID order. */
  private async deleteRows(records: readonly { kind: string; id: number | string }[], keys: boolean): Promise<void> {
    const sql = this.db.sql;
    const byKind = new Map<string, number[]>();
    for (const { kind, id } of records) byKind.set(kind, [...(byKind.get(kind) ?? []), Number(id)]);
    for (const [kind, ids] of byKind) {
      ids.sort((a, b) => a - b);
      for (let j = 0; j < ids.length; j += CHUNK) {
        const part = ids.slice(j, j + CHUNK);
        await sql.run(`DELETE FROM ${sql.table('eca_read_model')} WHERE kind = ? AND id IN (${placeholders(part)})`, [kind, ...part]);
        if (keys) await sql.run(`DELETE FROM ${sql.table('eca_read_deps')} WHERE kind = ? AND id IN (${placeholders(part)})`, [kind, ...part]);
      }
    }
  }

  /** Every row retired at once (the epoch moves; rows of an old epoch are never read and are replaced as they are filled). */
  async retireAll(): Promise<void> {
    await this.db.sql.run(`UPDATE ${this.db.sql.table('eca_read_epoch')} SET epoch = epoch + 1 WHERE id = 1`);
  }

  /** Rows and keys of no current epoch or kind (the rebuild's first step): deleted in chunks, outside any write. */
  async prune(currentKinds: readonly string[]): Promise<number> {
    const sql = this.db.sql;
    const model = sql.table('eca_read_model');
    const epoch = `(SELECT epoch FROM ${sql.table('eca_read_epoch')} WHERE id = 1)`;
    const stale = `(epoch <> ${epoch}${currentKinds.length ? ` OR kind NOT IN (${placeholders(currentKinds)})` : ''})`;
    let deleted = 0;
    for (;;) {
      const rows = await sql.rows<{ kind: string; id: number | string }>(`SELECT kind, id FROM ${model} WHERE ${stale} LIMIT ${CHUNK}`, [...currentKinds]);
      if (!rows.length) break;
      await this.db.transaction(() => this.deleteRows(rows, true), { bookkeeping: true });
      deleted += rows.length;
    }
    return deleted;
  }
}
