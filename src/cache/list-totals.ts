import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { requestScope } from '../database/request-scope';
import type { Fragment, TotalCounter } from '../database/list-query';
import { collectedDependencies, dependOn, dependOnEverything } from './dependencies';
import type { Dependencies } from './freshness';
import { RequestDataVersion } from './request-data-version';

const MAX_ENTRIES = 10_000;

/**
 * Totals of lists (`X-WP-Total`), shared by the requests that count the same filters under the same
 * data version while nothing they show changed: every page and `per_page` of one list then counts
 * once. An exact total reads every row the filters match (a 30-day window of the 1M-event bench:
 * 42,000 rows, 0.2 s), while a page reads `per_page` rows; without this, paging through a large list
 * would pay the count on every page. It follows the response cache's rules (docs/caching.md): used
 * only by anonymous misses, whose request read the data version before any data; valid while nothing
 * it shows changed since and for
 * RESPONSE_CACHE_TTL_SECONDS at most; on SQLite kept only when no write transaction ran meanwhile.
 */
@Injectable()
export class ListTotals {
  private readonly totals?: LRUCache<string, { generation: number; dependencies: Dependencies; total: number }>;

  constructor(
    config: AppConfig,
    private readonly db: DatabaseService,
    private readonly versions: RequestDataVersion,
  ) {
    const ttl = config.responseCacheTtlSeconds * 1000;
    if (ttl > 0) this.totals = new LRUCache({ max: MAX_ENTRIES, ttl });
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
    if (!this.totals || !read) return count();
    const key = `${statement.text}\n${JSON.stringify(statement.params)}`;
    const known = this.totals.get(key);
    if (known && this.versions.valid(known.generation, known.dependencies)) {
      if (known.dependencies) dependOn(known.dependencies);
      else dependOnEverything();
      return known.total;
    }
    const dependencies = collectedDependencies();
    const total = await count();
    const kept = this.totals.get(key);
    if ((!kept || kept.generation <= read.generation) && (this.db.isMysql || this.db.committedReadMark() === read.mark)) {
      this.totals.set(key, { generation: read.generation, dependencies, total });
    }
    return total;
  }
}
