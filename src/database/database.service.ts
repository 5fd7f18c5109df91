import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, QueryRunner } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ConnectionGate } from './connection-gate';
import { asDatabaseError, isLockConflict } from './database-errors';
import { queryOn, runnerConnection } from './mysql-statements';
import { ReplicaRouter } from './replica-router';
import { requestScope, requestWaitDeadline } from './request-scope';
import { Sql, transactionScope } from './sql';
import { retryingBusy } from './sqlite-busy';

export interface TransactionOptions {
  /** Only the service's own bookkeeping tables are written: no before-commit step runs (see `transaction`). */
  bookkeeping?: boolean;
}

/** The pooled MySQL connections whose session already runs its transactions READ COMMITTED. */
const readCommittedConnections = new WeakSet<object>();

/**
 * Sets the connection's session to READ COMMITTED once, the first time it runs a transaction, instead
 * of a `SET TRANSACTION ISOLATION LEVEL` before every `START TRANSACTION` (one statement less per write;
 * nothing on these connections wants another level: the rest of their statements autocommit).
 */
async function readCommittedSession(runner: QueryRunner): Promise<void> {
  const connection = (runner as unknown as { databaseConnection: object }).databaseConnection;
  if (readCommittedConnections.has(connection)) return;
  await runner.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
  readCommittedConnections.add(connection);
}

/** Aliased: an unnamed column is named after the statement's text, and mysql2 compiles a row parser per column name. */
const RELEASE_LOCK = 'SELECT RELEASE_LOCK(?) AS released';

/** How often a transaction InnoDB rolled back on a deadlock or lock wait timeout is run again. */
const CONFLICT_ATTEMPTS = 30;

/**
 * Entry point of the data layer: `sql` for single statements, `transaction()` for multi-row writes
 * (all-or-nothing). Every road to the database waits its turn for at most DATABASE_POOL_WAIT_MS
 * (ConnectionGate), then answers 503 with Retry-After:
 * - MySQL: a statement or a whole transaction holds one of the pool's DATABASE_POOL_SIZE connections.
 *   Concurrent writers are ordered by InnoDB's row locks (writers lock the rows they change first,
 *   e.g. PostsStore.lock); a transaction rolled back on a deadlock is retried from the start, so
 *   `work` must only touch the database.
 * - SQLite: one connection, so this process's transactions run one after the other; each begins
 *   IMMEDIATE, taking the file's write lock before its first statement, so a transaction of another
 *   process (a second instance, the CLI) is waited for before anything is written, never in the middle.
 * A lost database answers 503 too (database-errors.ts).
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  readonly sql: Sql;
  /** Read replicas (DATABASE_REPLICA_URLS), if any. */
  private readonly replicas?: ReplicaRouter;
  /** MySQL: the pool's connections; SQLite: this process's one write transaction at a time. */
  private readonly gate: ConnectionGate;
  private transactionsBegun = 0;
  private transactionsOpen = 0;
  private readonly logger = new Logger('Database');
  /** Statements every write transaction runs last, before its commit (see `beforeCommit`). */
  private readonly commitSteps: Array<() => Promise<void>> = [];
  private readonly lastCommitSteps: Array<() => Promise<void>> = [];

  constructor(
    readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    const waitMs = config.databasePoolWaitMs;
    this.replicas = ReplicaRouter.create(config.databaseReplicaUrls, config.tablePrefix, { size: config.databasePoolSize, waitMs });
    const mysql = dataSource.options.type === 'mysql';
    this.gate = new ConnectionGate(mysql ? config.databasePoolSize : 1, waitMs);
    this.sql = new Sql(dataSource, config.tablePrefix, { gate: mysql ? this.gate : undefined, busyWaitMs: waitMs, replicas: this.replicas });
  }

  get isMysql(): boolean {
    return this.sql.isMysql;
  }

  /**
   * Whether this request's reads may come from a replica (an anonymous GET, with DATABASE_REPLICA_URLS
   * set): its data version is then read there too, by a look of its own.
   */
  get readsReplica(): boolean {
    return this.replicas !== undefined && requestScope.getStore()?.preferReplica === true;
  }

  /** Whether a transaction would begin now without waiting for a connection (work that may be skipped asks). */
  get idle(): boolean {
    return this.gate.idle;
  }

  /**
   * Transactions begun so far, or undefined while one is open. On SQLite every read shares the open
   * transaction's connection and sees its uncommitted rows: the same mark before and after some reads
   * proves they saw committed data only (the response cache stores nothing else).
   */
  committedReadMark(): number | undefined {
    return this.transactionsOpen === 0 ? this.transactionsBegun : undefined;
  }

  /**
   * `bookkeeping`: the transaction writes only the service's own bookkeeping tables (webhook
   * deliveries, the read model's rows), which hold no data an answer is computed from: the before-commit
   * steps (the data-version bump, the change log) are not run, so it retires no cached answer, and it
   * does not count for `committedReadMark`.
   * Every statement `work` makes through `sql` (stores included) goes to the transaction's connection
   * (transactionScope). Called inside a transaction, `work` joins it.
   */
  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (this.sql.inTransaction) return work();
    if (this.isMysql) return this.retryingConflicts(work, options);
    // The turn in this process and the other processes' write lock share one deadline.
    const deadline = requestWaitDeadline(this.gate.maxWaitMs);
    return this.gate.run(() => this.runTransaction(work, options, deadline), deadline);
  }

  /**
   * Registers a statement every write transaction runs last, inside it, before the commit. The cache
   * layer registers its data-version bump here (src/cache/data-version-writer.ts), so a new version
   * becomes visible with the data and the database layer knows nothing of caches. `last`: after every
   * step registered without it, whatever the order the providers were built in.
   */
  beforeCommit(step: () => Promise<void>, options: { last?: boolean } = {}): void {
    if (options.last) this.lastCommitSteps.push(step);
    else this.commitSteps.push(step);
  }

  private async retryingConflicts<T>(work: () => Promise<T>, options: TransactionOptions): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.gate.run(() => this.runTransaction(work, options));
      } catch (error) {
        if (!isLockConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
        // Jittered, growing pause so the transactions that collided do not collide again in step.
        await sleep(Math.random() * Math.min(200, 5 * 2 ** Math.min(attempt, 6)));
      }
    }
  }

  /** `deadline`: SQLite only, until when BEGIN IMMEDIATE waits for another process's write lock. */
  private async runTransaction<T>(work: () => Promise<T>, options: TransactionOptions, deadline = 0): Promise<T> {
    // Bookkeeping (webhook deliveries, the read model's rows) changes no data an answer is read from.
    if (options.bookkeeping) return this.runTransactionOnce(work, options, deadline);
    this.transactionsBegun++;
    this.transactionsOpen++;
    try {
      return await this.runTransactionOnce(work, options, deadline);
    } finally {
      this.transactionsOpen--;
    }
  }

  private async runTransactionOnce<T>(work: () => Promise<T>, options: TransactionOptions, deadline: number): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      // MySQL, READ COMMITTED: every statement sees what concurrent writers committed before it, so a
      // writer that waited for a row or named lock reads the state its predecessor left (not an old
      // snapshot). SQLite: TypeORM's deferred BEGIN would take the write lock at the first write,
      // where another process holding it fails the transaction half-way (SQLITE_BUSY_SNAPSHOT).
      if (this.isMysql) await readCommittedSession(runner);
      else await retryingBusy(() => runner.query('BEGIN IMMEDIATE'), deadline);
    } catch (error) {
      await this.release(runner);
      throw asDatabaseError(error);
    }
    const transaction = { dataSource: this.dataSource, runner, heldLocks: new Set<string>() };
    // MySQL: the transaction begins with its first statements, in their round trip (Sql.begin).
    const begun = this.isMysql ? this.sql.begin(transaction) : undefined;
    begun?.catch(() => undefined);
    try {
      // The steps run in the transaction's scope too: they read what its work left (its write journal).
      const steps = options.bookkeeping ? [] : [...this.commitSteps, ...this.lastCommitSteps];
      const result = await transactionScope.run(transaction, async () => {
        const value = await work();
        for (const step of steps) await step();
        return value;
      });
      if (begun) await this.commitReleasingLocks(runner, begun, transaction.heldLocks);
      else await runner.query('COMMIT');
      // Read-after-write: this instance's replica reads wait until replicas have this commit.
      await this.replicas?.afterCommit(runner);
      // What the request memoized (site options, its look at the data version) may have just changed —
      // unless the transaction wrote only the service's bookkeeping (a read model fill), which neither is.
      if (!options.bookkeeping) requestScope.getStore()?.memo.clear();
      return result;
    } catch (error) {
      await this.rollback(runner, begun);
      throw asDatabaseError(error);
    } finally {
      await this.releaseLocks(runner, transaction.heldLocks);
      await this.release(runner);
    }
  }

  /**
   * MySQL: COMMIT and the release of the transaction's named locks in one round trip, once its START
   * TRANSACTION has been answered. A failed COMMIT stops the round trip before the releases, which
   * `releaseLocks` then sends; after a commit the locks are released and forgotten.
   */
  private async commitReleasingLocks(runner: QueryRunner, begun: Promise<unknown>, locks: Set<string>): Promise<void> {
    await begun;
    const names = [...locks];
    await queryOn(runnerConnection(runner), ['COMMIT', ...names.map(() => RELEASE_LOCK)].join(';\n'), names);
    locks.clear();
  }

  /** Named locks outlive transactions on their connection: released once the transaction has ended. */
  private async releaseLocks(runner: QueryRunner, names: Set<string>): Promise<void> {
    for (const name of names) {
      try {
        await runner.query(RELEASE_LOCK, [name]);
      } catch {
        // a lost connection releases its locks on the server
      }
    }
  }

  /**
   * A rollback on a dead connection fails too; the server discards the transaction anyway. MySQL: sent
   * once START TRANSACTION was answered, never ahead of it (a ROLLBACK with no transaction does nothing).
   */
  private async rollback(runner: QueryRunner, begun: Promise<unknown> | undefined): Promise<void> {
    try {
      if (begun) {
        await begun.catch(() => undefined);
        await queryOn(runnerConnection(runner), 'ROLLBACK', []);
      } else if (sqliteInTransaction(runner)) await runner.query('ROLLBACK');
    } catch (error) {
      this.logger.warn(`rollback failed: ${(error as Error).message}`);
    }
  }

  private async release(runner: QueryRunner): Promise<void> {
    try {
      await runner.release();
    } catch {
      // the connection is already gone
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.replicas?.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Whether the SQLite connection has an open transaction (better-sqlite3's `inTransaction`). */
function sqliteInTransaction(runner: QueryRunner): boolean {
  return (runner.connection.driver as unknown as { databaseConnection?: { inTransaction?: boolean } }).databaseConnection?.inTransaction === true;
}
