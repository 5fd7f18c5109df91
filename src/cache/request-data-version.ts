import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { requestScope } from '../database/request-scope';
import { transactionScope } from '../database/sql';
import { SharedGeneration, type VersionRead } from '../wordpress/shared-generation';
import { DataFreshness } from './data-freshness';
import { Dependencies } from './freshness';

const MEMO_KEY = 'cache:dataVersion';

/**
 * The generation under which a request may share values with other requests (site options, record
 * representations), with the response cache's rules (docs/caching.md): read before any data it
 * covers, valid while nothing the value shows changed since (DataFreshness) and for
 * RESPONSE_CACHE_TTL_SECONDS at most, never inside a transaction, and on SQLite only while no write
 * transaction runs.
 * - An anonymous miss already read it (the response cache, from the server its data comes from).
 * - Any other request reads it on first use (requests bound to the primary share one look with the
 *   requests waiting for it), and keeps it in its per-request memo — which a commit clears, so a request
 *   that wrote reads the new version before it reads again.
 */
@Injectable()
export class RequestDataVersion implements SharedGeneration {
  /** How long a value read under a version may be used (ms); 0: nothing is shared. */
  readonly ttlMs: number;

  constructor(
    config: AppConfig,
    private readonly db: DatabaseService,
    private readonly freshness: DataFreshness,
  ) {
    this.ttlMs = config.responseCacheTtlSeconds * 1000;
  }

  /** The request's version, or undefined when values may not be shared here. */
  async current(): Promise<VersionRead | undefined> {
    const scope = requestScope.getStore();
    if (!this.ttlMs || !scope || transactionScope.getStore()) return undefined;
    if (scope.dataVersion) return this.keepable(scope.dataVersion) ? scope.dataVersion : undefined;
    // Not published as scope.dataVersion: list totals stay counted per request for these callers.
    let read = scope.memo.get(MEMO_KEY) as Promise<VersionRead | undefined> | undefined;
    if (!read) {
      read = this.read();
      scope.memo.set(MEMO_KEY, read);
      read.catch(() => scope.memo.delete(MEMO_KEY));
    }
    const version = await read;
    return version && this.keepable(version) ? version : undefined;
  }

  /** Whether what was read under `read` may be shared (SQLite: no write transaction began or is open since). */
  keepable(read: VersionRead): boolean {
    return this.db.isMysql || this.db.committedReadMark() === read.mark;
  }

  /** Whether a value read at `generation` that shows `dependencies` is still current. */
  valid(generation: number, dependencies: Dependencies): boolean {
    return this.freshness.valid(generation, dependencies);
  }

  private async read(): Promise<VersionRead | undefined> {
    // SQLite: reads share an open transaction's connection (its uncommitted rows): nothing is shared then.
    const mark = this.db.isMysql ? 0 : this.db.committedReadMark();
    if (mark === undefined) return undefined;
    // Only reads of the primary are shared: a replica-routed request reads its version from its own replica.
    const generation = await (this.db.readsReplica ? this.freshness.syncOwn() : this.freshness.sync());
    return generation === undefined ? undefined : { generation, mark };
  }
}
