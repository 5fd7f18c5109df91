import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { requestScope } from '../database/request-scope';
import type { Fragment, MemberCount, TotalCounter } from '../database/list-query';
import { createHash } from 'node:crypto';
import { ReadModel } from '../read-model';
import { collectedDependencies, dependOn, dependOnEverything } from './dependencies';
import type { Dependencies } from './freshness';
import { KEPT_TOTAL_SLOTS, KeptTotals } from './kept-totals';
import { LoadsUnderWay } from './loads-under-way';
import { RecordCache } from './record-cache';
import { RequestDataVersion } from './request-data-version';
import type { VersionRead } from '../wordpress/shared-generation';

const MAX_ENTRIES = 10_000;
/**
 * How long a count found cheaper than READ_MODEL_TOTAL_MIN_MS is counted directly before it is measured
 * again: a count near the limit is not decided by one measurement for the life of the process, and a
 * count grows with its window.
 */
const CHEAP_FOR_MS = 60_000;
/**
 * Read model rows totals are kept in: a total's slot is a hash of its statement, so however many
 * distinct lists clients ask for, the table holds at most this many totals (a slot holds the last one
 * counted; the statement kept beside it tells it from another that hashes alike).
 */
const DURABLE_SLOTS = 65_536;

/** A total kept in memory: counted under `generation`, showing `dependencies`. */
interface KnownTotal {
  generation: number;
  dependencies: Dependencies;
  total: number;
}

/** A total as its read model row holds it. */
interface KeptTotal {
  statement: string;
  total: number;
}

/** What the row of a total kept by the writes holds as text (its number is beside it: KeptTotals). */
interface CountedList {
  statement: string;
  member: MemberCount;
}

/**
 * Totals of lists (`X-WP-Total`), shared by the requests that count the same filters under the same
 * data version while nothing they show changed: every page and `per_page` of one list then counts
 * once. An exact total reads every row the filters match (a 30-day window of the 1M-event bench:
 * 42,000 rows, 0.2 s), while a page reads `per_page` rows; without this, paging through a large list
 * would pay the count on every page. It follows the response cache's rules (docs/caching.md): used
 * only by anonymous misses, whose request read the data version before any data; valid while nothing
 * it shows changed since and for
 * RESPONSE_CACHE_TTL_SECONDS at most; on SQLite kept only when no write transaction ran meanwhile.
 * Beneath memory, at any TTL, a total whose route declared what it shows is also kept in the read
 * model (RecordCache.fromReadModel): the first count after a restart or on another instance is a row.
 */
@Injectable()
export class ListTotals {
  private readonly totals?: LRUCache<string, KnownTotal>;
  /** Counts under way, by statement. */
  private readonly counting = new LoadsUnderWay<KnownTotal>();

  private readonly durableKind: string;
  /** The rows of totals kept by the writes (KeptTotals), KEPT_TOTAL_SLOTS of them. */
  private readonly keptKind: string;
  /** Shortest count worth a row (READ_MODEL_TOTAL_MIN_MS), and the statements found cheaper (not looked up again). */
  private readonly minCountMs: number;
  private readonly cheap = new LRUCache<string, true>({ max: MAX_ENTRIES, ttl: CHEAP_FOR_MS });

  constructor(
    config: AppConfig,
    private readonly db: DatabaseService,
    private readonly versions: RequestDataVersion,
    private readonly records: RecordCache,
    private readonly readModel: ReadModel,
    private readonly kept: KeptTotals,
  ) {
    const ttl = config.responseCacheTtlSeconds * 1000;
    if (ttl > 0) this.totals = new LRUCache({ max: MAX_ENTRIES, ttl });
    this.durableKind = readModel.kind('list-total');
    this.keptKind = readModel.kind('list-total-kept');
    this.minCountMs = config.readModel.totalMinMs;
  }

  /** The lists' TotalCounter (src/database/list-query.ts). */
  readonly counter: TotalCounter = (statement, count, member) => this.total(statement, count, member);

  /**
   * The total that `statement` (the COUNT query) gives, run by `count` when not known. A total shows
   * what its request's route declared so far (dependencies.ts: a list route declares its post types
   * before it counts). `member`: the count of one record, when writes can keep the total (KeptTotals).
   */
  async total(statement: Fragment, count: () => Promise<number>, member?: MemberCount): Promise<number> {
    const read = requestScope.getStore()?.dataVersion;
    const key = `${statement.text}\n${JSON.stringify(statement.params)}`;
    if (!this.totals || !read) return this.durable(key, count, member);
    const current = (known?: KnownTotal) => (known && this.versions.valid(known.generation, known.dependencies) ? known : undefined);
    // No await before this request's own count is registered, so requests arriving together find it.
    const underWay = this.counting.get(key);
    const known = current(this.totals.get(key)) ?? (underWay && current(await underWay));
    if (known) {
      if (known.dependencies) dependOn(known.dependencies);
      else dependOnEverything();
      return known.total;
    }
    const counted = this.countAndKeep(key, count, read, member);
    // Requests asking for the same total meanwhile wait for this count instead of counting again.
    this.counting.share(
      key,
      counted.then(({ kept }) => kept),
    );
    return (await counted).total;
  }

  /** The total counted (or read from its row), and `kept` in memory under `read` when that may be shared. */
  private async countAndKeep(
    key: string,
    count: () => Promise<number>,
    read: VersionRead,
    member?: MemberCount,
  ): Promise<{ total: number; kept?: KnownTotal }> {
    const dependencies = collectedDependencies();
    const total = await this.durable(key, count, member);
    if (!this.db.isMysql && this.db.committedReadMark() !== read.mark) return { total };
    const kept = { generation: read.generation, dependencies, total };
    const newer = this.totals!.get(key);
    if (!newer || newer.generation <= read.generation) this.totals!.set(key, kept);
    return { total, kept };
  }

  /**
   * The total from its read model row, else counted — and kept there when the route declared what it
   * shows and, for a list whose writes cannot move its total (no `member`), the count took at least
   * READ_MODEL_TOTAL_MIN_MS: a cheap count is not worth a row written again after every write that
   * retires it (a statement found cheap is counted directly from then on). A total the writes move is
   * kept whatever its count took (keptByWrites).
   */
  private async durable(statement: string, count: () => Promise<number>, member?: MemberCount): Promise<number> {
    const dependencies = collectedDependencies();
    if (!this.readModel.enabled || !dependencies || this.db.sql.inTransaction) return count();
    if (member) return this.keptByWrites(statement, count, member, dependencies);
    if (this.cheap.has(statement)) return count();
    const slot = slotOf(statement, DURABLE_SLOTS);
    const kept = (await this.readModel.read<KeptTotal>(this.durableKind, [slot])).get(slot);
    if (kept?.statement === statement) return kept.total;
    // Counted, and kept in the slot (replacing another list's total there, if any) when it was slow.
    let total = 0;
    const load = async () => {
      total = await this.timed(statement, count);
      return this.cheap.has(statement) ? new Map<number, KeptTotal>() : new Map([[slot, { statement, total }]]);
    };
    await this.records.loadIntoReadModel(this.durableKind, [slot], load, () => dependencies);
    return total;
  }

  /**
   * A total whose writes can move it (KeptTotals): its row holds the statement and the count of one
   * record as text, the number beside it; once read or filled, this instance's writes move it (a fill
   * that was not written leaves no row with that text to move: a move is guarded by it).
   */
  private async keptByWrites(statement: string, count: () => Promise<number>, member: MemberCount, dependencies: Iterable<string>): Promise<number> {
    const slot = slotOf(statement, KEPT_TOTAL_SLOTS);
    const listed: CountedList = { statement, member };
    const body = this.readModel.textOf(listed);
    this.kept.remember({ kind: this.keptKind, id: slot, body, member, keys: new Set(dependencies) });
    const stored = await this.readModel.storedTotal(this.keptKind, slot);
    if (stored?.body === body) return stored.total;
    let total = 0;
    const load = async () => new Map([[slot, (total = await count())]]);
    await this.records.loadIntoReadModel(
      this.keptKind,
      [slot],
      load,
      () => dependencies,
      (counted) => ({ value: listed, total: counted }),
    );
    return total;
  }

  /** `count`, and its statement noted cheap when it took less than READ_MODEL_TOTAL_MIN_MS (not worth a row). */
  private async timed(statement: string, count: () => Promise<number>): Promise<number> {
    const started = performance.now();
    const total = await count();
    if (performance.now() - started < this.minCountMs) this.cheap.set(statement, true);
    return total;
  }
}

/** The slot of a total's statement among `slots` (a hash: a slot holds the last total counted into it). */
function slotOf(statement: string, slots: number): number {
  return parseInt(createHash('sha1').update(statement).digest('hex').slice(0, 8), 16) % slots;
}
