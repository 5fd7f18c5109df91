import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Sql } from './sql';

/**
 * Entry point of the data layer: `sql` for single statements, `transaction()` for multi-row writes
 * (all-or-nothing). SQLite has one connection, so its transactions are queued one after the other.
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  readonly sql: Sql;
  private sqliteQueue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.sql = new Sql(dataSource, config.tablePrefix);
  }

  get isMysql(): boolean {
    return this.sql.isMysql;
  }

  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.isMysql) return this.runTransaction(work);
    const run = this.sqliteQueue.then(() => this.runTransaction(work));
    this.sqliteQueue = run.catch(() => undefined);
    return run;
  }

  private async runTransaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const result = await work(new Sql(this.dataSource, this.sql.prefix, runner));
      await runner.commitTransaction();
      return result;
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
