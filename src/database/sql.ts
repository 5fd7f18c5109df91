import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { DataSource, QueryResult, QueryRunner } from 'typeorm';
import type { ConnectionGate } from './connection-gate';
import { asDatabaseError } from './database-errors';
import { queryOn, queryOnPool, runnerConnection } from './mysql-statements';
import type { ReplicaRouter } from './replica-router';
import { requestWaitDeadline } from './request-scope';
import { retryingBusy } from './sqlite-busy';
import { StatementBatch } from './statement-batch';

export type SqlParam = string | number | null;

/** `?, ?, ?` for an `IN (…)` list of these values. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** ` FOR UPDATE` (row locks until the transaction ends) on MySQL; SQLite runs transactions one at a time. */
export function forUpdate(sql: Sql): string {
  return sql.isMysql ? ' FOR UPDATE' : '';
}

/** MySQL's longest lock name. */
const LOCK_NAME_LENGTH = 64;

/**
 * A lock name MySQL accepts: a longer name keeps its start, followed by a hash of the whole, so two
 * long names with a long common start (two long slugs) stay two locks.
 */
function lockKey(name: string): string {
  if (name.length <= LOCK_NAME_LENGTH) return name;
  return `${name.slice(0, 36)}#${createHash('sha1').update(name).digest('base64url').slice(0, 27)}`;
}

/** One open transaction: its connection and the named locks it holds until it ends. */
export interface TransactionContext {
  dataSource: DataSource;
  runner: QueryRunner;
  /** Named locks this transaction holds (MySQL GET_LOCK); DatabaseService releases them when it ends. */
  heldLocks: Set<string>;
}

/**
 * The transaction the current async call chain runs in (set by DatabaseService.transaction): the one
 * way code is inside a transaction. Every statement made through `Sql` while a transaction's work
 * runs goes to the transaction's connection: it sees the transaction's own writes, and a transaction
 * never waits for a second pooled connection (with every connection held by a transaction waiting for
 * a lock, that wait would never end). Stores therefore take no connection argument.
 */
export const transactionScope = new AsyncLocalStorage<TransactionContext>();

export interface WriteResult {
  insertId: number;
  affected: number;
}

/** One statement of `Sql.runTogether`. */
export interface TogetherStatement {
  sql: string;
  params?: SqlParam[];
}

export interface TogetherResult extends WriteResult {
  rows: Record<string, unknown>[];
}

/** How statements made outside a transaction reach the database. */
export interface PoolRoad {
  /** MySQL: the bounded wait for one of the pool's connections. */
  gate?: ConnectionGate;
  /** SQLite: how long a statement waits while another process holds the file's write lock. */
  busyWaitMs: number;
  /** Where the reads of anonymous GET/HEAD requests go (replica-router.ts). */
  replicas?: ReplicaRouter;
}

/**
 * The one way SQL reaches the database: parameterised statements (`?` placeholders on both engines),
 * inside the current transaction if there is one (`transactionScope`), else on the pool. Table names
 * come from `table()` so the WordPress prefix is applied everywhere.
 */
export class Sql {
  /** MySQL: the pool's statements issued together (statement-batch.ts); a transaction's are kept on its context. */
  private readonly poolBatch: StatementBatch | undefined;
  private readonly transactionBatches = new WeakMap<TransactionContext, StatementBatch>();

  constructor(
    private readonly dataSource: DataSource,
    readonly prefix: string,
    /** How statements made outside a transaction reach the database. */
    private readonly pool: PoolRoad,
  ) {
    this.poolBatch = this.isMysql ? new StatementBatch((text, params) => this.onPool(text, params), false) : undefined;
  }

  get isMysql(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  /** The transaction of this database the current call chain runs in, if any. */
  private transaction(): TransactionContext | undefined {
    const scope = transactionScope.getStore();
    return scope?.dataSource === this.dataSource ? scope : undefined;
  }

  get inTransaction(): boolean {
    return this.transaction() !== undefined;
  }

  /**
   * Inside a transaction, waits for the database-wide lock `name` and holds it until the transaction
   * ends: writers that must see each other's commits (slug and term-name uniqueness, which WordPress
   * tables have no unique index for) queue here, across every instance of the service. Name locks as
   * narrowly as the rule they guard (a slug's, not a post type's: slugs.ts `slugLockName`), so writers
   * of unrelated rows never queue on each other. SQLite runs transactions one at a time and needs none.
   */
  async lock(name: string): Promise<void> {
    if (!this.isMysql) return;
    const transaction = this.transaction();
    if (!transaction) throw new Error('Sql.lock() needs a transaction');
    const key = lockKey(`${this.prefix}${name}`);
    if (transaction.heldLocks.has(key)) return;
    const row = await this.one<{ got: number | null }>('SELECT GET_LOCK(?, 10) AS got', [key]);
    if (Number(row?.got) !== 1) throw Object.assign(new Error(`lock ${key} not granted`), { errno: 1205 });
    transaction.heldLocks.add(key);
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
    return writeResult(result.raw, result.affected);
  }

  /**
   * Statements of one transaction sent together: on MySQL one round trip (statement-batch.ts
   * `runTogether`), in which a statement sees what the ones before it wrote; on SQLite, in the process,
   * one after the other. The first that fails fails the call, the ones before it done: the
   * transaction's rollback undoes them. Each is answered with its write's header and the rows it
   * answers (a SELECT's, an UPDATE … RETURNING's; none for other writes). One statement alone runs as
   * `run` does, in a transaction or not.
   */
  async runTogether(statements: readonly TogetherStatement[]): Promise<TogetherResult[]> {
    const transaction = statements.length > 1 ? this.transaction() : undefined;
    if (statements.length > 1 && !transaction) throw new Error('Sql.runTogether() needs a transaction for more than one statement');
    const batch = transaction && this.transactionBatch(transaction);
    if (!batch) {
      const results: TogetherResult[] = [];
      for (const { sql, params = [] } of statements) {
        const result = await this.exec(sql, params);
        results.push({ ...writeResult(result.raw, result.affected), rows: result.records ?? [] });
      }
      return results;
    }
    try {
      const text = statements.map((statement) => statement.sql).join(';\n');
      const result = await batch.runTogether(
        text,
        statements.flatMap((statement) => statement.params ?? []),
      );
      return (result.raw as unknown[]).map((part) => ({ ...writeResult(part), rows: Array.isArray(part) ? (part as Record<string, unknown>[]) : [] }));
    } catch (error) {
      throw asDatabaseError(error);
    }
  }

  /**
   * A pool read may be answered by a read replica (replica-router.ts); everything else, and any read a
   * replica cannot answer, goes to the primary. A lost or unreachable primary, or one busy beyond the
   * bounded wait, surfaces as the 503 RestError (database-errors.ts).
   */
  private async exec(sql: string, params: SqlParam[], read = false): Promise<QueryResult> {
    const transaction = this.transaction();
    const shared = transaction?.runner;
    const replicas = !shared && read ? this.pool.replicas : undefined;
    const request = replicas?.routable(sql);
    if (replicas && request) {
      const answer = await replicas.read(request, sql, params);
      if (answer) return answer;
    }
    try {
      const batch = transaction ? this.transactionBatch(transaction) : this.poolBatch;
      if (batch) return await batch.run(sql, params, read);
      return await (shared ? shared.query(sql, params, true) : this.onPool(sql, params));
    } catch (error) {
      throw asDatabaseError(error);
    }
  }

  /**
   * MySQL: START TRANSACTION, queued to go with the transaction's first statements (one round trip
   * fewer per write). Its answer must be awaited before the transaction ends, so that a COMMIT or
   * ROLLBACK sent straight to the connection never goes ahead of it.
   */
  begin(transaction: TransactionContext): Promise<unknown> {
    return this.transactionBatch(transaction)!.run('START TRANSACTION', [], true);
  }

  /** MySQL: the statements of this transaction issued together share a round trip. */
  private transactionBatch(transaction: TransactionContext): StatementBatch | undefined {
    if (!this.isMysql) return undefined;
    let batch = this.transactionBatches.get(transaction);
    if (!batch) {
      const connection = runnerConnection(transaction.runner);
      batch = new StatementBatch((text, params) => queryOn(connection, text, params), true);
      this.transactionBatches.set(transaction, batch);
    }
    return batch;
  }

  /**
   * MySQL: waits its turn for a pooled connection (statements sent with mysql2's own API, mysql-statements.ts);
   * SQLite: waits out another process's write lock.
   */
  private onPool(sql: string, params: SqlParam[]): Promise<QueryResult> {
    const { gate, busyWaitMs } = this.pool;
    if (gate) {
      return gate.run(() => queryOnPool(this.dataSource, sql, params));
    }
    const once = async () => {
      const runner = this.dataSource.createQueryRunner();
      try {
        return await runner.query(sql, params, true);
      } finally {
        await runner.release();
      }
    };
    return retryingBusy(once, requestWaitDeadline(busyWaitMs));
  }
}

/** A write's ID and count: mysql2's header (`insertId`, `affectedRows`), or TypeORM's SQLite answer (the row ID, `affected` beside it). */
function writeResult(raw: unknown, affected?: number): WriteResult {
  if (typeof raw === 'object' && raw !== null) {
    const header = raw as { insertId?: number; affectedRows?: number };
    return { insertId: Number(header.insertId ?? 0), affected: affected ?? Number(header.affectedRows ?? 0) };
  }
  return { insertId: Number(raw ?? 0), affected: affected ?? 0 };
}
