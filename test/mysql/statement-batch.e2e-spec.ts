import { dirname, join } from 'node:path';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// mysql2's connection class, which every statement of the service goes through (the package exports no such path).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const BaseConnection = require(join(dirname(require.resolve('mysql2')), 'lib/base/connection.js')) as {
  prototype: { query(sql: string | { sql: string }, ...rest: unknown[]): unknown };
};

// Statements issued together share one round trip on MySQL (src/database/statement-batch.ts), with the
// meaning each had alone: its own rows or its own error, a write applied once, a value never SQL.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.sql.run(`CREATE TABLE IF NOT EXISTS batch_probe (id INT PRIMARY KEY, note VARCHAR(200))`);
});
afterAll(async () => {
  await t.db.sql.run('DROP TABLE IF EXISTS batch_probe');
  await t.close();
});
beforeEach(() => t.db.sql.run('DELETE FROM batch_probe'));

/** The round trips the app's statements took while `work` ran: each call of a mysql2 connection's `query` is one. */
async function roundTrips<T>(work: () => Promise<T>): Promise<{ value: T; sent: string[] }> {
  const query = jest.spyOn(BaseConnection.prototype, 'query');
  try {
    const value = await work();
    return { value, sent: query.mock.calls.map(([sql]) => (typeof sql === 'string' ? sql : sql.sql)) };
  } finally {
    query.mockRestore();
  }
}

const rows = (sql: string, params: (string | number)[] = []) => t.db.sql.rows<Record<string, unknown>>(sql, params);

describe('statements issued together on the pool', () => {
  it('share one round trip, each answered with its own rows', async () => {
    const { value, sent } = await roundTrips(() =>
      Promise.all([rows('SELECT ? AS a', [1]), rows('SELECT ? AS b, ? AS c', ['x', 'y']), rows('SELECT 1 AS d FROM DUAL WHERE 1 = 0')]),
    );
    expect(value).toEqual([[{ a: 1 }], [{ b: 'x', c: 'y' }], []]);
    expect(sent).toHaveLength(1);
    expect(sent[0].split(';\n')).toHaveLength(3);
  });

  it('fail only the statement that failed: its siblings get their rows, it gets its own error', async () => {
    const [first, broken, last] = await Promise.allSettled([rows('SELECT 1 AS a'), rows('SELECT * FROM no_such_table_here'), rows('SELECT 2 AS b')]);
    expect(first).toEqual({ status: 'fulfilled', value: [{ a: 1 }] });
    expect(last).toEqual({ status: 'fulfilled', value: [{ b: 2 }] });
    expect(broken.status).toBe('rejected');
    expect(String((broken as PromiseRejectedResult).reason)).toMatch(/no_such_table_here/);
  });

  it('end at a write, which is applied once even when a sibling fails', async () => {
    const { value, sent } = await roundTrips(() =>
      Promise.allSettled([
        rows('SELECT * FROM no_such_table_here'),
        t.db.sql.run('INSERT INTO batch_probe (id, note) VALUES (?, ?)', [1, 'once']),
        rows('SELECT COUNT(*) AS n FROM batch_probe'),
      ]),
    );
    expect(value[0].status).toBe('rejected');
    expect(value[1]).toEqual({ status: 'fulfilled', value: { insertId: 0, affected: 1 } });
    // The failed batch was sent again one statement at a time; the read after the write came in a batch of its own.
    expect(sent.filter((sql) => sql.includes(';\n'))).toEqual([expect.stringMatching(/^SELECT \* FROM no_such_table_here;\nINSERT INTO batch_probe/)]);
    expect(await rows('SELECT id, note FROM batch_probe')).toEqual([{ id: 1, note: 'once' }]);
  });

  it('keep a hostile value a value', async () => {
    const hostile = "x'; DELETE FROM batch_probe; --";
    await t.db.sql.run('INSERT INTO batch_probe (id, note) VALUES (?, ?)', [2, 'kept']);
    const { sent } = await roundTrips(() =>
      Promise.all([
        rows('SELECT note FROM batch_probe WHERE note = ?', [hostile]),
        rows('SELECT ? AS echo', [`${hostile}\\`]),
        rows('SELECT COUNT(*) AS n FROM batch_probe'),
      ]),
    );
    expect(sent).toHaveLength(1);
    expect(await rows('SELECT id, note FROM batch_probe')).toEqual([{ id: 2, note: 'kept' }]);
    expect(await rows('SELECT ? AS echo', [hostile])).toEqual([{ echo: hostile }]);
  });
});

describe("a transaction's statements issued together", () => {
  it('share one round trip on its connection and see its writes', async () => {
    const { value, sent } = await roundTrips(() =>
      t.db.transaction(async () => {
        await t.db.sql.run('INSERT INTO batch_probe (id, note) VALUES (?, ?)', [3, 'mine']);
        return Promise.all([rows('SELECT note FROM batch_probe WHERE id = ?', [3]), rows('SELECT COUNT(*) AS n FROM batch_probe')]);
      }),
    );
    expect(value).toEqual([[{ note: 'mine' }], [{ n: 1 }]]);
    expect(sent.filter((sql) => sql.startsWith('SELECT note FROM batch_probe WHERE id = ?;\nSELECT COUNT(*)'))).toHaveLength(1);
  });

  it("leave a sibling's failure to that sibling: the transaction goes on and commits", async () => {
    await t.db.transaction(async () => {
      const [broken, counted] = await Promise.allSettled([rows('SELECT * FROM no_such_table_here'), rows('SELECT COUNT(*) AS n FROM batch_probe')]);
      expect(broken.status).toBe('rejected');
      expect(counted).toEqual({ status: 'fulfilled', value: [{ n: 0 }] });
      await t.db.sql.run('INSERT INTO batch_probe (id, note) VALUES (?, ?)', [4, 'committed']);
    });
    expect(await rows('SELECT id, note FROM batch_probe')).toEqual([{ id: 4, note: 'committed' }]);
  });
});

describe("a transaction's statements sent together (Sql.runTogether)", () => {
  it('share one round trip after what was waiting, and are never sent again after a failure', async () => {
    const { sent } = await roundTrips(() =>
      t.db.transaction(async () => {
        const waiting = rows('SELECT COUNT(*) AS n FROM batch_probe');
        await t.db.sql.runTogether([
          { sql: 'INSERT INTO batch_probe (id, note) VALUES (?, ?)', params: [9, 'together'] },
          { sql: 'UPDATE batch_probe SET note = CONCAT(note, ?) WHERE id = 9', params: [' and after'] },
        ]);
        expect(await waiting).toEqual([{ n: 0 }]);
      }),
    );
    const together = sent.filter((sql) => sql.startsWith('INSERT INTO batch_probe'));
    expect(together).toEqual([expect.stringMatching(/^INSERT INTO batch_probe .*;\nUPDATE batch_probe/s)]);
    // The read issued before went first, in a round trip of its own.
    expect(sent.indexOf('SELECT COUNT(*) AS n FROM batch_probe')).toBeLessThan(sent.indexOf(together[0]));
    expect(await rows('SELECT note FROM batch_probe WHERE id = 9')).toEqual([{ note: 'together and after' }]);

    const failed = await roundTrips(() =>
      t.db
        .transaction(() =>
          t.db.sql.runTogether([
            { sql: 'UPDATE batch_probe SET note = ? WHERE id = 9', params: ['changed'] },
            { sql: 'INSERT INTO batch_probe (id, note) VALUES (?, ?)', params: [9, 'duplicate'] },
          ]),
        )
        .catch((error: unknown) => error),
    );
    expect(String(failed.value)).toMatch(/Duplicate/);
    expect(failed.sent.filter((sql) => sql.startsWith('UPDATE batch_probe'))).toHaveLength(1);
    expect(await rows('SELECT note FROM batch_probe WHERE id = 9')).toEqual([{ note: 'together and after' }]);
  });
});

describe('a category list', () => {
  it("reads the site's page size beside the taxonomy's hierarchy: one round trip for both", async () => {
    const cold = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '0' } });
    try {
      const { sent } = await roundTrips(() => cold.http.get('/wp-json/tribe/events/v1/categories').expect(200));
      const hierarchy = sent.filter((sql) => sql.includes('parent > 0'));
      expect(hierarchy).toHaveLength(1);
      expect(hierarchy[0]).toMatch(/options`? WHERE option_name IN \(/);
    } finally {
      await cold.close();
    }
  });
});

describe('a fill of read model rows', () => {
  it("takes three round trips: the transaction's start with the counters' lock, the look and the epochs; the rows and their keys; the commit", async () => {
    const created = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title: 'Filled', start_date: '2031-07-01 10:00:00', end_date: '2031-07-01 11:00:00' })
      .expect(201);
    const { sent } = await roundTrips(() => t.http.get(`${BASE}/events/${created.body.id}`).expect(200));
    const begun = sent.findIndex((sql) => sql.startsWith('START TRANSACTION') && sql.includes('eca_read_epoch'));
    expect(begun).toBeGreaterThanOrEqual(0);
    // In this order, in one round trip: the lock before the look it guards.
    const first = sent[begun].split(';\n');
    expect(first).toHaveLength(4);
    expect(first[1]).toMatch(/eca_cache_state.*LOCK IN SHARE MODE/);
    expect(first[2]).toMatch(/GROUP_CONCAT\(version/);
    expect(first[3]).toMatch(/FROM `?\w*eca_read_epoch/);
    const written = sent[begun + 1].split(';\n');
    expect(written.map((sql) => sql.split(' ').slice(0, 3).join(' '))).toEqual([
      expect.stringMatching(/^DELETE FROM `?\w*eca_read_deps/),
      expect.stringMatching(/^INSERT INTO `?\w*eca_read_model/),
      expect.stringMatching(/^INSERT IGNORE INTO/),
    ]);
    expect(sent[begun + 2]).toBe('COMMIT');
    // What the fill kept is what the next read finds: no fill again.
    const again = await roundTrips(() => t.http.get(`${BASE}/events/${created.body.id}`).expect(200));
    expect(again.sent.some((sql) => sql.includes('START TRANSACTION'))).toBe(false);
  });
});
