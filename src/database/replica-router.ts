import { Logger } from '@nestjs/common';
import type { QueryResult, QueryRunner } from 'typeorm';
import { ConnectionGate } from './connection-gate';
import { replicaDataSourceOptions } from './data-source-options';
import { describeUrl, Replica, REPLICA_RETRY_MS } from './replica';
import { RequestScope, requestScope } from './request-scope';
import type { SqlParam } from './sql';
import { WriteFence } from './write-fence';

/** Statements a replica may answer: plain reads (writes and locking reads always go to the primary). */
const READ_ONLY = /^\s*\(?\s*(SELECT|WITH)\b(?![\s\S]*\b(FOR\s+UPDATE|LOCK\s+IN\s+SHARE\s+MODE|GET_LOCK)\b)/i;

/**
 * Sends the reads of anonymous GET/HEAD requests (`requestScope.preferReplica`) to read replicas,
 * round robin per request; everything else reaches the primary through the pool `Sql` as before.
 * One request reads one server: its first read picks a replica (or the primary) and the rest follow,
 * so what it reads first (e.g. the cache version) is never newer than what it reads after. A request
 * falls back to the primary, for good, when:
 * - the replica has not applied this instance's latest write yet (WriteFence: read-after-write);
 * - the replica fails: it is then left out for REPLICA_RETRY_MS and a warning is logged.
 */
export class ReplicaRouter {
  private readonly logger = new Logger('ReadReplicas');
  private readonly fence = new WriteFence();
  private readonly pins = new WeakMap<RequestScope, Promise<Replica | undefined>>();
  private turn = 0;

  constructor(private readonly replicas: readonly Replica[]) {}

  /** Undefined without replica URLs. Each replica's pool has `pool.size` connections and the same bounded wait. */
  static create(urls: readonly string[], tablePrefix: string, pool: { size: number; waitMs: number }): ReplicaRouter | undefined {
    if (urls.length === 0) return undefined;
    return new ReplicaRouter(
      urls.map((url) => new Replica(replicaDataSourceOptions(url, tablePrefix, pool.size), describeUrl(url), new ConnectionGate(pool.size, pool.waitMs))),
    );
  }

  /** The request scope when this pool read (made outside any transaction) may go to a replica. */
  routable(sql: string): RequestScope | undefined {
    const scope = requestScope.getStore();
    return scope?.preferReplica && READ_ONLY.test(sql) ? scope : undefined;
  }

  /** The replica's answer, or undefined when the primary must answer this read. */
  async read(scope: RequestScope, sql: string, params: SqlParam[]): Promise<QueryResult | undefined> {
    let pinned = this.pins.get(scope);
    if (!pinned) {
      pinned = this.pick(scope);
      this.pins.set(scope, pinned);
    }
    const replica = await pinned;
    if (!replica || !scope.preferReplica) return undefined;
    try {
      return await replica.query(sql, params);
    } catch (error) {
      this.failed(scope, replica, error);
      return undefined;
    }
  }

  /** Records the write fence; called on the transaction's connection right after its COMMIT. */
  afterCommit(runner: QueryRunner): Promise<void> {
    return this.fence.afterCommit(runner);
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.close()));
  }

  private async pick(scope: RequestScope): Promise<Replica | undefined> {
    const freshness = this.fence.freshness();
    const replica = freshness.primaryOnly ? undefined : this.nextUp();
    if (replica) {
      try {
        if (!freshness.check || (await replica.hasApplied(freshness.check))) return replica;
      } catch (error) {
        this.failed(scope, replica, error);
        return undefined;
      }
    }
    scope.preferReplica = false;
    return undefined;
  }

  private nextUp(): Replica | undefined {
    const now = Date.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[this.turn++ % this.replicas.length];
      if (replica.isUp(now)) return replica;
    }
    return undefined;
  }

  private failed(scope: RequestScope, replica: Replica, error: unknown): void {
    scope.preferReplica = false;
    const wasUp = replica.isUp();
    replica.markDown();
    if (!wasUp) return;
    // Driver messages name the host and user at most; the URL (and its password) is never logged.
    const e = error as { code?: unknown; message?: unknown };
    const reason = typeof e.code === 'string' ? e.code : String(e.message ?? error);
    this.logger.warn(`Read replica ${replica.label} failed (${reason}); reading from the primary for ${REPLICA_RETRY_MS / 1000} s`);
  }
}
