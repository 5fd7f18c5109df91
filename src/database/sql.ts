import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, QueryResult, QueryRunner } from 'typeorm';
import { asDatabaseError } from './database-errors';
import type { ReplicaRouter } from './replica-router';

export type SqlParam = string | number | null;

/** `?, ?, ?` for an `IN (…)` list of these values. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** ` FOR UPDATE` (row locks until the transaction ends) on MySQL; SQLite runs transactions one at a time. */
export function forUpdate(sql: Sql): string {
  return sql.isMysql ? ' FOR UPDATE' : '';
}

/**
 * The transaction the current async call chain runs in (set by DatabaseService.transaction). A query
 * on the pool `Sql` made while a transaction's work runs goes to the transaction's connection: it sees
 * the transaction's own writes, and a transaction never waits for a second pooled connection (with
 * every connection held by a transaction waiting for a lock, that wait would never end).
 */
export const transactionScope = new AsyncLocalStorage<{ dataSource: DataSource; runner: QueryRunner }>();

export interface WriteResult {
  insertId: number;
  affected: number;
}

/**
 * The one way SQL reaches the database: parameterised statements (`?` placeholders on both engines),
 * either on the pool or inside a transaction. Table names come from `table()` so the WordPress
 * prefix is applied everywhere.
 */
export class Sql {
  constructor(
    private readonly dataSource: DataSource,
    readonly prefix: string,
    private readonly runner?: QueryRunner,
    /** Pool only: where the reads of anonymous GET/HEAD requests go (replica-router.ts). */
    private readonly replicas?: ReplicaRouter,
  ) {}

  /** Named locks this transaction holds (MySQL GET_LOCK); DatabaseService releases them when it ends. */
  readonly heldLocks = new Set<string>();

  get isMysql(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  /**
   * Inside a transaction, waits for the database-wide lock `name` and holds it until the transaction
   * ends: writers that must see each other's commits (slug and term-name uniqueness, which WordPress
   * tables have no unique index for) queue here, across every instance of the service. SQLite runs
   * transactions one at a time and needs none.
   */
  async lock(name: string): Promise<void> {
    if (!this.isMysql) return;
    if (!this.runner) throw new Error('Sql.lock() needs a transaction');
    const key = `${this.prefix}${name}`.slice(0, 64);
    if (this.heldLocks.has(key)) return;
    const row = await this.one<{ got: number | null }>('SELECT GET_LOCK(?, 10) AS got', [key]);
    if (Number(row?.got) !== 1) throw Object.assign(new Error(`lock ${key} not granted`), { errno: 1205 });
    this.heldLocks.add(key);
  }

  /** Prefixed, quoted table name, e.g. table('posts') → `wp_posts`. */
  table(name: string): string {
    return this.isMysql ? `\`${this.prefix}${name}\`` : `"${this.prefix}${name}"`;
  }

  async rows<T = Record<string, unknown>>(sql: string, params: SqlParam[] = []): Promise<T[]> {
    const result = await this.exec(sql, params, true);
    return (result.records ?? []) as T[];
  }

  async one<T = Record<string, unknown>>(sql: string, params: SqlParam[] = []): Promise<T | undefined> {
    return (await this.rows<T>(sql, params))[0];
  }

  async run(sql: string, params: SqlParam[] = []): Promise<WriteResult> {
    const result = await this.exec(sql, params);
    const raw = result.raw as { insertId?: number } | number | bigint | undefined;
    const insertId = typeof raw === 'object' && raw !== null ? Number(raw.insertId ?? 0) : Number(raw ?? 0);
    return { insertId, affected: result.affected ?? 0 };
  }

  /**
   * A pool read may be answered by a read replica (replica-router.ts); everything else, and any read a
   * replica cannot answer, goes to the primary. A lost or unreachable primary surfaces as the 503
   * RestError (database-errors.ts).
   */
  private async exec(sql: string, params: SqlParam[], read = false): Promise<QueryResult> {
    const scope = transactionScope.getStore();
    const shared = this.runner ?? (scope?.dataSource === this.dataSource ? scope.runner : undefined);
    const replicas = !shared && read ? this.replicas : undefined;
    const request = replicas?.routable(sql);
    if (replicas && request) {
      const answer = await replicas.read(request, sql, params);
      if (answer) return answer;
    }
    const runner = shared ?? this.dataSource.createQueryRunner();
    try {
      return await runner.query(sql, params, true);
    } catch (error) {
      throw asDatabaseError(error);
    } finally {
      if (!shared) await runner.release();
    }
  }
}
