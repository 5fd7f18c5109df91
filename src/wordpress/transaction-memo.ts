import { transactionScope } from '../database/sql';

const memos = new WeakMap<object, Map<string, unknown>>();

/**
 * State the stores keep for the current transaction only (its meta rows, term counts applied, options
 * read), keyed by the transaction: a rolled-back or retried attempt starts afresh, and
 * nothing outlives the transaction. Outside a transaction there is none (undefined). The key is the
 * transaction's scope, made for each attempt (SQLite reuses one connection for every transaction).
 */
export function transactionMemo<T>(key: string, make: () => T): T | undefined {
  const transaction = transactionScope.getStore();
  if (!transaction) return undefined;
  let memo = memos.get(transaction);
  if (!memo) memos.set(transaction, (memo = new Map()));
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as T;
}
