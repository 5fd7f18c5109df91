import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { requestScope } from '../database/request-scope';
import type { Fragment, TotalCounter } from '../database/list-query';
import { createHash } from 'node:crypto';
import { ReadModel } from '../read-model';
import { collectedDependencies, dependOn, dependOnEverything } from './dependencies';
import type { Dependencies } from './freshness';
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
  /** Shortest count worth a row (READ_MODEL_TOTAL_MIN_MS), and the statements found cheaper (not looked up again). */
  private readonly minCountMs: number;
  private readonly cheap = new LRUCache<string, true>({ max: MAX_ENTRIES, ttl: CHEAP_FOR_MS });

  constructor(
    config: AppConfig,
    private readonly db: DatabaseService,
    private readonly versions: RequestDataVersion,
    private readonly records: RecordCache,
    private readonly readModel: ReadModel,
  ) {
    const ttl = config.responseCacheTtlSeconds * 1000;
    if (ttl > 0) this.totals = new LRUCache({ max: MAX_ENTRIES, ttl });
    this.durableKind = readModel.kind('list-total');
    this.minCountMs = config.readModel.totalMinMs;
  }

  /** The lists' TotalCounter (src/database/list-query.ts). */
  readonly counter: TotalCounter = (statement, count) => this.total(statement, count);

  /**
   * The total that `statement` (the COUNT query) gives, run by `count` when not known. A total shows
   * what its request's route declared so far (dependencies.ts: a list route declares its post types
   * before it counts).
   */
  async total(statement: Fragment, count: () => Promise<number>): Promise<number> {
    const read = requestScope.getStore()?.dataVersion;
    const key = `${statement.text}\n${JSON.stringify(statement.params)}`;
    if (!this.totals || !read) return this.durable(key, count);
    const current = (known?: KnownTotal) => (known && this.versions.valid(known.generation, known.dependencies) ? known : undefined);
    // No await before this request's own count is registered, so requests arriving together find it.
    const underWay = this.counting.get(key);
    const known = current(this.totals.get(key)) ?? (underWay && current(await underWay));
    if (known) {
      if (known.dependencies) dependOn(known.dependencies);
      else dependOnEverything();
      return known.total;
    }
    const counted = this.countAndKeep(key, count, read);
    // Requests asking for the same total meanwhile wait for this count instead of counting again.
    this.counting.share(
      key,
      counted.then(({ kept }) => kept),
    );
    return (await counted).total;
  }

  /** The total counted (or read from its row), and `kept` in memory under `read` when that may be shared. */
  private async countAndKeep(key: string, count: () => Promise<number>, read: VersionRead): Promise<{ total: number; kept?: KnownTotal }> {
    const dependencies = collectedDependencies();
    const total = await this.durable(key, count);
    if (!this.db.isMysql && this.db.committedReadMark() !== read.mark) return { total };
    const kept = { generation: read.generation, dependencies, total };
    const newer = this.totals!.get(key);
    if (!newer || newer.generation <= read.generation) this.totals!.set(key, kept);
    return { total, kept };
  }

  /**
   * The total from its read model row, else counted — and kept there when the route declared what it
   * shows and the count took at least READ_MODEL_TOTAL_MIN_MS: a cheap count is not worth a row written
   * after every event write (a statement found cheap is counted directly from then on).
   */
  private async durable(statement: string, count: () => Promise<number>): Promise<number> {
    const dependencies = collectedDependencies();
    if (!this.readModel.enabled || !dependencies || this.db.sql.inTransaction || this.cheap.has(statement)) return count();
    const slot = parseInt(createHash('sha1').update(statement).digest('hex').slice(0, 8), 16) % DURABLE_SLOTS;
    const kept = (await this.readModel.read<KeptTotal>(this.durableKind, [slot])).get(slot);
    if (kept?.statement === statement) return kept.total;
    // Counted, and kept in the slot (replacing another list's total there, if any) when it was slow.
    let total = 0;
    const load = async () => {
      const started = performance.now();
      total = await count();
      if (performance.now() - started >= this.minCountMs) return new Map([[slot, { statement, total }]]);
      this.cheap.set(statement, true);
      return new Map<number, KeptTotal>();
    };
    await this.records.loadIntoReadModel(this.durableKind, [slot], load, () => dependencies);
    return total;
  }
}
