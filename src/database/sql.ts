import { DataSource, QueryRunner } from 'typeorm';

export type SqlParam = string | number | null;

/** `?, ?, ?` for an `IN (…)` list of these values. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

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
  ) {}

  get isMysql(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  /** Prefixed, quoted table name, e.g. table('posts') → `wp_posts`. */
  table(name: string): string {
    return this.isMysql ? `\`${this.prefix}${name}\`` : `"${this.prefix}${name}"`;
  }

  async rows<T = Record<string, unknown>>(sql: string, params: SqlParam[] = []): Promise<T[]> {
    const result = await this.exec(sql, params);
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

  private async exec(sql: string, params: SqlParam[]) {
    if (this.runner) return this.runner.query(sql, params, true);
    const runner = this.dataSource.createQueryRunner();
    try {
      return await runner.query(sql, params, true);
    } finally {
      await runner.release();
    }
  }
}
