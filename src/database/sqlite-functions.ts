/** The SQL name of foldForSearch on SQLite connections. */
export const SEARCH_FOLD_FUNCTION = 'eca_search_fold';

/**
 * Case- and accent-insensitive form of a text, close to MySQL's `utf8mb4_unicode_520_ci` comparisons
 * (which MySQL searches use natively), so both engines match the same records.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What registering a function needs of a better-sqlite3 connection. */
export interface SqliteFunctionHost {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

/** Registers the SQL functions the service's queries use on a new better-sqlite3 connection. */
export function registerSqliteFunctions(db: SqliteFunctionHost): void {
  db.function(SEARCH_FOLD_FUNCTION, { deterministic: true }, (value) => (value === null || value === undefined ? null : foldForSearch(String(value))));
}
