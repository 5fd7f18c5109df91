import { startTestApp, TestApp } from '../support/test-app';

// Sql.runTogether (src/database/sql.ts): a transaction's statements sent together — one round trip on
// MySQL (test/mysql/statement-batch.e2e-spec.ts counts it), one after the other on SQLite — with the
// same meaning on both engines: in order, each seeing what the ones before it wrote, a read's rows
// answered, and a failure that fails the call and is undone with the transaction.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.sql.run(`CREATE TABLE together_probe (id INT PRIMARY KEY, note VARCHAR(200))`);
});
afterAll(async () => {
  await t.db.sql.run('DROP TABLE IF EXISTS together_probe');
  await t.close();
});
beforeEach(() => t.db.sql.run('DELETE FROM together_probe'));

const notes = () => t.db.sql.rows<{ id: number; note: string }>('SELECT id, note FROM together_probe ORDER BY id');

it('run in order, each seeing what the ones before it wrote, and answer a read among them with its rows', async () => {
  const results = await t.db.transaction(() =>
    t.db.sql.runTogether([
      { sql: 'INSERT INTO together_probe (id, note) VALUES (?, ?)', params: [1, 'first'] },
      { sql: 'INSERT INTO together_probe (id, note) SELECT id + 1, ? FROM together_probe WHERE id = 1', params: ['second'] },
      { sql: 'SELECT COUNT(*) AS n FROM together_probe' },
    ]),
  );
  expect(results.map((result) => result.affected)).toEqual([1, 1, expect.any(Number)]);
  expect(Number(results[2].rows[0].n)).toBe(2);
  expect(await notes()).toEqual([
    { id: 1, note: 'first' },
    { id: 2, note: 'second' },
  ]);
});

it('fail the call at the first statement that fails; the rollback undoes the ones before it, the ones after it never run', async () => {
  await t.db.sql.run('INSERT INTO together_probe (id, note) VALUES (?, ?)', [5, 'kept']);
  await expect(
    t.db.transaction(() =>
      t.db.sql.runTogether([
        { sql: 'UPDATE together_probe SET note = ? WHERE id = 5', params: ['changed'] },
        { sql: 'INSERT INTO together_probe (id, note) VALUES (?, ?)', params: [5, 'duplicate key'] },
        { sql: 'INSERT INTO together_probe (id, note) VALUES (?, ?)', params: [6, 'after the failure'] },
      ]),
    ),
  ).rejects.toThrow(/duplicate|unique/i);
  expect(await notes()).toEqual([{ id: 5, note: 'kept' }]);
});

it('keep a hostile value a value', async () => {
  const hostile = "x'); DELETE FROM together_probe; --";
  await t.db.transaction(() =>
    t.db.sql.runTogether([
      { sql: 'INSERT INTO together_probe (id, note) VALUES (?, ?)', params: [7, hostile] },
      { sql: 'INSERT INTO together_probe (id, note) VALUES (?, ?)', params: [8, `${hostile}\\`] },
    ]),
  );
  expect(await notes()).toEqual([
    { id: 7, note: hostile },
    { id: 8, note: `${hostile}\\` },
  ]);
});

it('refuse to run several outside a transaction (a failure in the middle would leave the ones before it); one alone runs', async () => {
  const insert = (id: number) => ({ sql: 'INSERT INTO together_probe (id, note) VALUES (?, ?)', params: [id, 'alone'] });
  await expect(t.db.sql.runTogether([insert(10), insert(11)])).rejects.toThrow(/needs a transaction/);
  expect(await t.db.sql.runTogether([insert(12)])).toEqual([expect.objectContaining({ affected: 1 })]);
  expect(await notes()).toEqual([{ id: 12, note: 'alone' }]);
});
