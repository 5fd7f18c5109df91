import type { QueryRunner } from 'typeorm';

/** With no replication position to wait for, reads stay on the primary this long after a write. */
export const STICKY_PRIMARY_MS = 5000;

type Flavor = 'mariadb' | 'mysql';

/** The primary's replication position (GTIDs) once this instance's commit is part of it. */
const POSITION_SQL: Record<Flavor, string> = {
  mariadb: 'SELECT @@GLOBAL.gtid_binlog_pos AS position',
  mysql: 'SELECT @@GLOBAL.gtid_executed AS position',
};

/** 1 when a replica has applied every transaction of a position (answers at once, never waits). */
const APPLIED_SQL: Record<Flavor, string> = {
  mariadb: 'SELECT MASTER_GTID_WAIT(?, 0) = 0 AS applied',
  mysql: 'SELECT GTID_SUBSET(?, @@GLOBAL.gtid_executed) AS applied',
};

/** What a replica must have applied before it may serve this instance's reads. */
export interface Freshness {
  /** No replica may serve (a write without a position is too recent). */
  primaryOnly: boolean;
  /** The position a replica must have applied, with the statement that checks it. */
  check?: { position: string; sql: string };
}

/**
 * Read-after-write on one instance: after it commits a write, its replica reads wait for the replicas
 * to catch up with that write. The fence is the primary's GTID position read right after the commit
 * (MariaDB `@@gtid_binlog_pos`, MySQL `@@gtid_executed`): a replica serves reads only once it has
 * applied it. Where the primary has no position (binary log or GTIDs off, or an engine without them),
 * reads stay on the primary for STICKY_PRIMARY_MS after the write instead.
 */
export class WriteFence {
  private flavor?: Promise<Flavor>;
  private commits = 0;
  private recordedCommit = 0;
  private check?: { position: string; sql: string };
  private primaryUntil = 0;

  /** Called on the committing connection right after COMMIT; never throws (the write has succeeded). */
  async afterCommit(runner: QueryRunner): Promise<void> {
    const commit = ++this.commits;
    let check: { position: string; sql: string } | undefined;
    try {
      const flavor = await this.flavorOf(runner);
      const rows = (await runner.query(POSITION_SQL[flavor])) as { position?: unknown }[];
      const position = String(rows[0]?.position ?? '');
      if (position !== '') check = { position, sql: APPLIED_SQL[flavor] };
    } catch {
      // no position: the sticky window below covers this write
    }
    // Positions of concurrent commits may arrive out of order; one read after a later commit includes
    // this commit too, so an older answer must not replace it.
    if (commit < this.recordedCommit) return;
    this.recordedCommit = commit;
    if (check) this.check = check;
    else this.primaryUntil = Date.now() + STICKY_PRIMARY_MS;
  }

  freshness(now = Date.now()): Freshness {
    return now < this.primaryUntil ? { primaryOnly: true } : { primaryOnly: false, check: this.check };
  }

  private flavorOf(runner: QueryRunner): Promise<Flavor> {
    this.flavor ??= (runner.query('SELECT VERSION() AS version') as Promise<{ version: string }[]>).then(
      (rows) => (/mariadb/i.test(String(rows[0]?.version)) ? 'mariadb' : 'mysql'),
      (error: unknown) => {
        this.flavor = undefined;
        throw error;
      },
    );
    return this.flavor;
  }
}
