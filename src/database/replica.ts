import { DataSource, DataSourceOptions, QueryResult } from 'typeorm';
import { ConnectionGate } from './connection-gate';
import { queryOnPool } from './mysql-statements';
import type { SqlParam } from './sql';

/** How long a replica that failed is left out before reads try it again. */
export const REPLICA_RETRY_MS = 5000;

/**
 * One read replica: its own pool (a TypeORM DataSource, so rows come back exactly as the primary's do)
 * behind its own bounded wait (ConnectionGate: a replica too busy to lend a connection in time fails
 * the read, which the primary then answers), connected on first use, so a replica that is down at
 * boot delays nothing. Knows when it failed last and which write position it was last seen to have applied.
 */
export class Replica {
  private source?: Promise<DataSource>;
  private downUntil = 0;
  private appliedPosition?: string;

  constructor(
    private readonly options: DataSourceOptions,
    /** host:port/database: for logs, never the credentials. */
    readonly label: string,
    private readonly gate: ConnectionGate,
  ) {}

  isUp(now = Date.now()): boolean {
    return now >= this.downUntil;
  }

  markDown(now = Date.now()): void {
    this.downUntil = now + REPLICA_RETRY_MS;
  }

  async query(sql: string, params: SqlParam[]): Promise<QueryResult> {
    const source = await this.dataSource();
    return this.gate.run(() => queryOnPool(source, sql, params));
  }

  /** Whether the replica has applied `position` (remembered once true: replicas only move forward). */
  async hasApplied(check: { position: string; sql: string }): Promise<boolean> {
    if (this.appliedPosition === check.position) return true;
    const { records } = await this.query(check.sql, [check.position]);
    const applied = Number((records as { applied: unknown }[])[0]?.applied) === 1;
    if (applied) this.appliedPosition = check.position;
    return applied;
  }

  async close(): Promise<void> {
    const source = await this.source?.catch(() => undefined);
    this.source = undefined;
    if (source?.isInitialized) await source.destroy();
  }

  private dataSource(): Promise<DataSource> {
    this.source ??= connect(this.options).catch((error: unknown) => {
      this.source = undefined;
      throw error;
    });
    return this.source;
  }
}

async function connect(options: DataSourceOptions): Promise<DataSource> {
  const source = new DataSource(options);
  try {
    return await source.initialize();
  } catch (error) {
    // initialize() leaves the pool it created open when the server does not answer.
    await source.driver.disconnect().catch(() => undefined);
    throw error;
  }
}

/** `host:port/database` of a mysql:// URL, without user or password. */
export function describeUrl(url: string): string {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  return `${parsed.hostname}:${parsed.port || 3306}${parsed.pathname}`;
}
