import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { requestScope, RequestScope } from '../database/request-scope';
import { EVERYTHING } from '../wordpress/write-journal';
import { BROAD_KEYS, broadEpochId } from './broad-keys';
import { codeFingerprint } from './code-fingerprint';
import { encodeValue } from './value-codec';
import type { TogetherStatement } from '../database/sql';
import { CHUNK, ReadModelRepository, ReadModelRow, RecordRef, StoredTotal, TotalMove } from './repository/read-model.repository';

/** One record's value to keep, with the journal keys it shows (`post:12`, `tt:7`, …). */
export type ReadModelEntry = ReadModelRow;

/** A request's read of one kind's rows, waiting for the statement of its turn. */
interface ReadAsk {
  kind: string;
  ids: readonly number[];
  localize?: (json: string) => string;
  resolve: (found: Map<number, unknown>) => void;
  reject: (error: unknown) => void;
}

interface ReadBatch {
  asks: ReadAsk[];
}

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
  private readonly logger = new Logger('ReadModel');
  /** The fill running after its answer, if any (fill): at most one at a time. */
  private background?: Promise<boolean>;
  /** Each request's reads of the current turn (read). */
  private readonly batches = new WeakMap<RequestScope, ReadBatch>();
  private readonly maxAgeMs: number;
  /** Its statements go to the current transaction's connection when there is one (Sql). */
  private readonly rows: ReadModelRepository;

  constructor(
    private readonly db: DatabaseService,
    config: AppConfig,
  ) {
    this.enabled = config.readModel.enabled;
    this.maxAgeMs = config.readModel.maxAgeMs;
    this.rows = new ReadModelRepository(db.sql);
  }

  /**
   * The kind of a family of values: its name and a hash of the code that renders them and of what
   * else they were rendered for (the public base of their links), at most 64 characters.
   */
  kind(name: string, renderedFor = ''): string {
    return `${name.slice(0, 40)}@${createHash('sha1').update(`${codeFingerprint()}\n${renderedFor}`).digest('hex').slice(0, 20)}`;
  }

  /**
   * The current rows of `kind` among `ids`, decoded (after `localize` of their text, if given:
   * origin-placeholder.ts). The reads one request asks for in the same turn of the event loop, outside
   * a transaction (an event's venue and organizers, loaded side by side), go in one statement.
   */
  async read<T>(kind: string, ids: readonly number[], localize?: (json: string) => string): Promise<Map<number, T>> {
    if (!this.enabled || !ids.length) return new Map();
    const builtSince = this.maxAgeMs ? Date.now() - this.maxAgeMs : undefined;
    const scope = requestScope.getStore();
    if (!scope || this.db.sql.inTransaction) return this.rows.values([{ kind, ids }], builtSince, localize).then((found) => found[0] as Map<number, T>);
    let batch = this.batches.get(scope);
    if (!batch) {
      const started: ReadBatch = { asks: [] };
      this.batches.set(scope, (batch = started));
      // Runs in the scope of the request (its replica or primary), after the turn's other asks. On MySQL
      // sooner — once the promise continuations queued so far have run (a nextTick queued by a microtask
      // runs after them) — so its statement shares the turn's round trip (database/statement-batch.ts).
      const read = () => {
        this.batches.delete(scope);
        void this.readBatch(started, builtSince);
      };
      if (this.db.isMysql) queueMicrotask(() => process.nextTick(read));
      else setImmediate(read);
    }
    return new Promise<Map<number, T>>((resolve, reject) => batch.asks.push({ kind, ids, localize, resolve: resolve as ReadAsk['resolve'], reject }));
  }

  /** A value's text as a row holds it (its `body`). */
  textOf(value: unknown): string {
    return encodeValue(value);
  }

  /** The current row of `kind` and `id` holding a total kept by the writes (src/cache/kept-totals.ts), as stored. */
  async storedTotal(kind: string, id: number): Promise<StoredTotal | undefined> {
    if (!this.enabled) return undefined;
    return this.rows.storedTotal(kind, id, this.maxAgeMs ? Date.now() - this.maxAgeMs : undefined);
  }

  /** The statements that move kept totals by one record's difference (ReadModelRepository.movedTotals). */
  movedTotals(moves: readonly TotalMove[]): TogetherStatement[] {
    return this.rows.movedTotals(moves);
  }

  /** One statement for the asks of the same localization (a request has one), each answered with its own rows. */
  private async readBatch(batch: ReadBatch, builtSince: number | undefined): Promise<void> {
    const byLocalize = new Map<ReadAsk['localize'], ReadAsk[]>();
    for (const ask of batch.asks) byLocalize.set(ask.localize, [...(byLocalize.get(ask.localize) ?? []), ask]);
    for (const [localize, asks] of byLocalize) {
      try {
        const found = await this.rows.values(asks, builtSince, localize);
        asks.forEach((ask, i) => ask.resolve(found[i]));
      } catch (error) {
        for (const ask of asks) ask.reject(error);
      }
    }
  }

  /**
   * Keeps `entries` as rows of `kind` when `stillCurrent` — asked inside the transaction, once no write
   * can commit any more until it ends — says no write touching their keys committed since their values
   * were loaded. Whether they were kept (false too when the fill runs after the answer: no connection was free).
   */
  async fill(kind: string, entries: readonly ReadModelEntry[], stillCurrent: () => Promise<boolean>): Promise<boolean> {
    if (!this.enabled || !entries.length) return false;
    if (!this.db.idle) {
      // Keeping rows never makes a reader wait: with no connection free at once, one fill at a time runs
      // after the answer (its wait is the pool's, bounded), so a busy site is not left without rows (a
      // skipped fill left them to one that happened to find a connection free).
      if (!this.background) {
        const fill = (this.background = this.fillNow(kind, entries, stillCurrent));
        fill
          .catch((error: unknown) => this.logger.warn(`read model rows of ${kind} not kept: ${(error as Error)?.message}`))
          .finally(() => this.background === fill && (this.background = undefined));
      }
      return false;
    }
    return this.fillNow(kind, entries, stillCurrent);
  }

  private async fillNow(kind: string, entries: readonly ReadModelEntry[], stillCurrent: () => Promise<boolean>): Promise<boolean> {
    // In ID order, as every filler locks them, so two fills of the same rows queue instead of deadlocking.
    const sorted = [...entries].sort((a, b) => a.id - b.id);
    return this.db.transaction(
      async () => {
        const { rows } = this;
        // Writers bump one of these counters before they retire rows: with all of them share-locked, none
        // can between the check and this transaction's commit. SQLite: transactions run one at a time.
        // The lock, the check's look at the counters and the epochs are issued in that order and together:
        // on MySQL they go as one round trip with the transaction's start, run in order.
        const [, current, epochs] = await Promise.all([rows.holdOffWriters(), stillCurrent(), rows.epochs()]);
        if (!current || !epochs) return false;
        const now = Date.now();
        for (let i = 0; i < sorted.length; i += CHUNK) await rows.write(kind, sorted.slice(i, i + CHUNK), epochs, now);
        return true;
      },
      { bookkeeping: true },
    );
  }

  /**
   * The read of the rows a write of `keys` retires, for the write to send with its data-version bump
   * (one round trip, DataVersionWriter); its rows go to `retire` as `shown`. Undefined when `retire`
   * reads nothing that way (every row at once, no narrow key, more than one chunk of them).
   */
  shownBy(keys: readonly string[]): TogetherStatement | undefined {
    if (keys.includes(EVERYTHING)) return undefined;
    const narrow = narrowKeys(keys);
    return narrow.length && narrow.length <= CHUNK ? this.rows.showingStatement(narrow) : undefined;
  }

  /**
   * Inside a write transaction, after its data-version bump: deletes the rows that show any of `keys`
   * (all of them, by moving the epoch, for `*`). `shown`: the answer of `shownBy(keys)`'s statement,
   * when it gave one (one chunk of narrow keys). `moved`: rows the write moved instead (movedTotals), left
   * as they are unless a broad key or the epoch retires them.
   */
  async retire(keys: readonly string[], shown?: readonly Record<string, unknown>[], moved: readonly RecordRef[] = []): Promise<void> {
    if (!keys.length) return;
    if (keys.includes(EVERYTHING)) return this.retireAll();
    const { rows } = this;
    // A broad key moves its counter (one statement), whatever the number of rows that show it (broad-keys.ts).
    const broad = BROAD_KEYS.flatMap((key, i) => (keys.includes(key) ? [broadEpochId(i)] : []));
    if (broad.length) await rows.moveEpoch(broad);
    const kept = new Set(moved.map((row) => `${row.kind}\n${row.id}`));
    const retired = (found: readonly (RecordRef | Record<string, unknown>)[]) =>
      found.map((row): RecordRef => ({ kind: String(row.kind), id: Number(row.id) })).filter((row) => !kept.has(`${row.kind}\n${row.id}`));
    if (shown) return rows.delete(retired(shown), false);
    const narrow = narrowKeys(keys);
    // Their keys stay: a row's keys are replaced when it is filled again, and a key naming no row costs nothing.
    for (let i = 0; i < narrow.length; i += CHUNK) await rows.delete(retired(await rows.showing(narrow.slice(i, i + CHUNK))), false);
  }

  /** Every row retired at once (the epoch moves; rows of an old epoch are never read and are replaced as they are filled). */
  async retireAll(): Promise<void> {
    await this.rows.moveEpoch();
  }

  /**
   * Rows and keys of another epoch or of none of `currentKinds` (the rebuild's first step): deleted in
   * chunks, outside any write; then the keys no row has any more.
   */
  async prune(currentKinds: readonly string[]): Promise<number> {
    let deleted = 0;
    for (let stale = await this.rows.stale(currentKinds); stale.length; stale = await this.rows.stale(currentKinds)) {
      await this.db.transaction(() => this.rows.delete(stale, true), { bookkeeping: true });
      deleted += stale.length;
    }
    await this.db.transaction(() => this.rows.deleteOrphanKeys(), { bookkeeping: true });
    return deleted;
  }
}

/** The keys a write retires rows by, through `eca_read_deps` (broad keys move an epoch instead). */
function narrowKeys(keys: readonly string[]): string[] {
  return keys.filter((key) => !BROAD_KEYS.includes(key));
}
