import { Sql, SqlParam, TogetherStatement } from '../../src/database/sql';

/**
 * Calls `record` with every statement the app sends through the Sql seam (`rows`, `run`, and each of
 * `runTogether`'s), before it is sent; answers the function that stops recording.
 */
export function recordStatements(record: (text: string, params: SqlParam[]) => void): () => void {
  const rows = Sql.prototype.rows;
  const run = Sql.prototype.run;
  const together = Sql.prototype.runTogether;
  const spies = [
    jest.spyOn(Sql.prototype, 'rows').mockImplementation(function (this: Sql, text: string, params: SqlParam[] = []) {
      record(text, params);
      return rows.call(this, text, params) as Promise<never[]>;
    }),
    jest.spyOn(Sql.prototype, 'run').mockImplementation(function (this: Sql, text: string, params: SqlParam[] = []) {
      record(text, params);
      return run.call(this, text, params);
    }),
    jest.spyOn(Sql.prototype, 'runTogether').mockImplementation(function (this: Sql, statements: readonly TogetherStatement[]) {
      for (const statement of statements) record(statement.sql, statement.params ?? []);
      return together.call(this, statements);
    }),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}
