import { QueryResult } from 'typeorm';
import type { SqlParam } from './sql';

/** At most this many statements share a round trip. */
const MAX_STATEMENTS = 16;

/** Errors after which the transaction is gone: statements run again would run outside it. */
const TRANSACTION_ENDING_ERRNOS = new Set([1213 /* ER_LOCK_DEADLOCK */]);

/** One round trip of one or more statements (`;`-joined SQL, the params in order). */
export type SendStatements = (sql: string, params: SqlParam[]) => Promise<QueryResult>;

interface Waiting {
  sql: string;
  params: SqlParam[];
  resolve(result: QueryResult): void;
  reject(error: unknown): void;
}

/**
 * Statements issued together share one round trip (MySQL's multiple statements; docs/decisions.md
 * "Statements issued together share a round trip"): the siblings of a `Promise.all` — the loaders'
 * posts, meta and terms, a page's IDs and its total, a login's user and the site's options — go to
 * MySQL as one `a; b; c` and come back as one answer. Each round trip costs the service a socket write
 * and MariaDB a wake-up (about 0.1 ms of CPU together on these machines), more than most statements.
 *
 * A batch closes soon after its first statement (`later`), at MAX_STATEMENTS, or at a write: a write
 * is a batch's last statement, so a batch that fails can be sent again statement by statement (its
 * reads repeat harmlessly; a failed statement has no effect, in or out of a transaction) — except
 * after a deadlock, which ended the transaction. On the pool a batch may hold statements of several
 * requests; it waits for a connection until the deadline of the request whose statement came first.
 */
export class StatementBatch {
  private waiting: Waiting[] = [];

  /** When a batch that is not full closes. */
  private readonly later: (flush: () => void) => void;

  constructor(
    private readonly send: SendStatements,
    private readonly inTransaction: boolean,
  ) {
    // A transaction's statements wait only for the promise continuations queued so far (a nextTick
    // queued by a microtask runs once they all ran): its locks are held meanwhile. The pool's wait for
    // the end of the event loop's turn, so the other callbacks of the turn add theirs.
    this.later = inTransaction ? (flush) => queueMicrotask(() => process.nextTick(flush)) : (flush) => setImmediate(flush);
  }

  run(sql: string, params: SqlParam[], read: boolean): Promise<QueryResult> {
    return new Promise<QueryResult>((resolve, reject) => {
      this.waiting.push({ sql, params, resolve, reject });
      if (!read || this.waiting.length === MAX_STATEMENTS) this.flush();
      else if (this.waiting.length === 1) this.later(() => this.flush());
    });
  }

  /**
   * Several writes as one `a; b; c` round trip, answered with every statement's result in order
   * (`raw` is their list). MySQL runs them in order and stops at the first that fails, which then
   * fails the call with the ones before it done: only a transaction, rolled back on that failure,
   * may send them. Never sent again, so never batched with others: what waits is sent first.
   */
  runTogether(sql: string, params: SqlParam[]): Promise<QueryResult> {
    this.flush();
    return this.send(sql, params);
  }

  private flush(): void {
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    if (batch.length === 1) return this.sendAlone(batch[0]);
    const sql = batch.map((statement) => statement.sql).join(';\n');
    this.send(
      sql,
      batch.flatMap((statement) => statement.params),
    ).then(
      (result) => {
        const parts = answers(result, batch.length);
        batch.forEach((statement, i) =>
          parts ? statement.resolve(parts[i]) : statement.reject(new Error(`a batch of ${batch.length} statements got another number of answers`)),
        );
      },
      (error: unknown) => {
        if (this.inTransaction && TRANSACTION_ENDING_ERRNOS.has(errno(error))) batch.forEach((statement) => statement.reject(error));
        else batch.forEach((statement) => this.sendAlone(statement));
      },
    );
  }

  private sendAlone(statement: Waiting): void {
    this.send(statement.sql, statement.params).then(statement.resolve, statement.reject);
  }
}

/** Each statement's answer, as TypeORM shapes a single statement's (rows, or the write's header). */
function answers(result: QueryResult, count: number): QueryResult[] | undefined {
  const parts = result.raw as unknown;
  if (!Array.isArray(parts) || parts.length !== count) return undefined;
  return parts.map((part) => {
    const answer = new QueryResult();
    answer.raw = part;
    if (Array.isArray(part)) answer.records = part;
    else answer.affected = (part as { affectedRows?: number }).affectedRows;
    return answer;
  });
}

function errno(error: unknown): number {
  const e = error as { errno?: number; driverError?: { errno?: number } } | undefined;
  return e?.driverError?.errno ?? e?.errno ?? 0;
}
