import { DataSource, QueryResult, QueryRunner } from 'typeorm';
import type { SqlParam } from './sql';

type Answer = (error: Error | null, raw: unknown) => void;

/** What of a mysql2 connection (or pool) a statement needs: its callback `query`. */
interface MysqlQueryable {
  query(sql: string, params: SqlParam[], answer: Answer): void;
}

/**
 * MySQL statements sent with mysql2's own callback API, answered in TypeORM's `QueryResult` shape
 * (rows in `records`, a write's header in `raw`, `affected`). TypeORM's `QueryRunner.query` wraps
 * each statement in mysql2's promise API, whose `promise()` resolves a `require` on every call (3% of
 * the service's CPU under writes, docs/performance.md), awaits its event broadcaster twice and copies
 * the rows; this service sets no logger or subscriber that would need any of it. Errors are mysql2's
 * own (`errno`, `code`), which database-errors.ts reads as it reads TypeORM's wrapped ones.
 */
export function queryOn(connection: MysqlQueryable, sql: string, params: SqlParam[]): Promise<QueryResult> {
  return new Promise((resolve, reject) => {
    connection.query(sql, params, (error, raw) => {
      if (error) return reject(error);
      const result = new QueryResult();
      result.raw = raw;
      if (Array.isArray(raw)) result.records = raw;
      else result.affected = (raw as { affectedRows?: number } | undefined)?.affectedRows;
      resolve(result);
    });
  });
}

/** The connection a transaction's runner holds (after `connect()`). */
export function runnerConnection(runner: QueryRunner): MysqlQueryable {
  return (runner as unknown as { databaseConnection: MysqlQueryable }).databaseConnection;
}

interface PooledConnection extends MysqlQueryable {
  release(): void;
}

/**
 * A statement on one of a MySQL DataSource's pooled connections (the primary's, a replica's),
 * borrowed from TypeORM's driver (which gives each connection its error listener, so a connection the
 * server drops while idle cannot crash the process) and given back once answered.
 */
export async function queryOnPool(dataSource: DataSource, sql: string, params: SqlParam[]): Promise<QueryResult> {
  const driver = dataSource.driver as unknown as { obtainMasterConnection(): Promise<PooledConnection> };
  const connection = await driver.obtainMasterConnection();
  try {
    return await queryOn(connection, sql, params);
  } finally {
    connection.release();
  }
}
