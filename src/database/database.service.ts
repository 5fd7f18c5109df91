import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, QueryRunner } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { bumpDataVersion } from '../cache/data-version';
import { asDatabaseError, isLockConflict } from './database-errors';
import { ReplicaRouter } from './replica-router';
import { requestScope } from './request-scope';
import { Sql, transactionScope } from './sql';

/** How often a transaction InnoDB rolled back on a deadlock or lock wait timeout is run again. */
const CONFLICT_ATTEMPTS = 30;

/**
 * Entry point of the data layer: `sql` for single statements, `transaction()` for multi-row writes
 * (all-or-nothing). SQLite has one connection, so its transactions are queued one after the other.
 * On MySQL concurrent writers are ordered by InnoDB's row locks (writers lock the rows they change
 * first, e.g. PostsStore.lock); a transaction rolled back on a deadlock is retried from the start,
 * so `work` must only touch the database. A lost database answers 503 (database-errors.ts).
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  readonly sql: Sql;
  /** Read replicas (DATABASE_REPLICA_URLS), if any. */
  private readonly replicas?: ReplicaRouter;
  private sqliteQueue: Promise<unknown> = Promise.resolve();
  private transactionsBegun = 0;
  private transactionsOpen = 0;
  private readonly logger = new Logger('Database');

  constructor(
    readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.replicas = ReplicaRouter.create(config.databaseReplicaUrls, config.tablePrefix);
    this.sql = new Sql(dataSource, config.tablePrefix, undefined, this.replicas);
  }

  get isMysql(): boolean {
    return this.sql.isMysql;
  }

  /**
   * Transactions begun so far, or undefined while one is open. On SQLite every read shares the open
   * transaction's connection and sees its uncommitted rows: the same mark before and after some reads
   * proves they saw committed data only (the response cache stores nothing else).
   */
  committedReadMark(): number | undefined {
    return this.transactionsOpen === 0 ? this.transactionsBegun : undefined;
  }

  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.isMysql) return this.retryingConflicts(work);
    const run = this.sqliteQueue.then(() => this.runTransaction(work));
    this.sqliteQueue = run.catch(() => undefined);
    return run;
  }

  private async retryingConflicts<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runTransaction(work);
      } catch (error) {
        if (!isLockConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
        // Jittered, growing pause so the transactions that collided do not collide again in step.
        await sleep(Math.random() * Math.min(200, 5 * 2 ** Math.min(attempt, 6)));
      }
    }
  }

  private async runTransaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    this.transactionsBegun++;
    this.transactionsOpen++;
    try {
      return await this.runTransactionOnce(work);
    } finally {
      this.transactionsOpen--;
    }
  }

  private async runTransactionOnce<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      // READ COMMITTED: every statement sees what concurrent writers committed before it, so a writer
      // that waited for a row or named lock reads the state its predecessor left (not an old snapshot).
      await runner.startTransaction(this.isMysql ? 'READ COMMITTED' : undefined);
    } catch (error) {
      await this.release(runner);
      throw asDatabaseError(error);
    }
    const sql = new Sql(this.dataSource, this.sql.prefix, runner);
    try {
      const result = await transactionScope.run({ dataSource: this.dataSource, runner }, () => work(sql));
      // Last statement before commit (src/cache/): the new version becomes visible with the data.
      await bumpDataVersion(sql);
      await runner.commitTransaction();
      // Read-after-write: this instance's replica reads wait until replicas have this commit.
      await this.replicas?.afterCommit(runner);
      // What the request memoized (site options) may have just changed.
      requestScope.getStore()?.memo.clear();
      return result;
    } catch (error) {
      await this.rollback(runner);
      throw asDatabaseError(error);
    } finally {
      await this.releaseLocks(runner, sql.heldLocks);
      await this.release(runner);
    }
  }

  /** Named locks outlive transactions on their connection: released once the transaction has ended. */
  private async releaseLocks(runner: QueryRunner, names: Set<string>): Promise<void> {
    for (const name of names) {
      try {
        await runner.query('SELECT RELEASE_LOCK(?)', [name]);
      } catch {
        // a lost connection releases its locks on the server
      }
    }
  }

  /** A rollback on a dead connection fails too; the server discards the transaction anyway. */
  private async rollback(runner: QueryRunner): Promise<void> {
    try {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
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
