import { transactionScope } from '../../src/database/sql';
import { recordStatements } from '../support/statements-seen';
import { bumpCacheVersion, dataVersionSum } from '../support/data-version';
import { ADMIN, startTestApp, TestApp } from '../support/test-app';
import { createEvent, EVENTS, MINIMAL } from './events-write-helpers';

// Issue #23, the write road without a site-wide queue: the data version is a sum of counters (one
// bumped per write), slugs are locked one by one, and the change cursor is the very last row a write
// takes. What holds on both engines; the MariaDB-only waits are in test/mysql/write-contention.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const version = async () => (await dataVersionSum(t))!;

/** The statements a write transaction issued while `work` ran, in order. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = recordStatements((text) => {
    if (transactionScope.getStore()) seen.push(text.replace(/\s+/g, ' ').trim());
  });
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

describe('the data version, a sum of counters', () => {
  it('moves by exactly one per committed write, and not for a write that rolls back', async () => {
    const before = await version();
    await createEvent(t, { ...MINIMAL, title: 'Version one' });
    await createEvent(t, { ...MINIMAL, title: 'Version two' });
    expect(await version()).toBe(before + 2);
    await t.http.post(EVENTS).set('Authorization', ADMIN).send({ title: 'Bad dates', start_date: 'never' }).expect(400);
    await expect(
      t.db.transaction(async () => {
        await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_title = 'rolled back' WHERE 1 = 0`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(before + 2);
  });

  it('is moved by the must-use plugin’s UPDATE of row 1 (docs/caching.md) and by the tests’ helper', async () => {
    const before = await version();
    await t.db.sql.run(`UPDATE ${t.db.sql.table('eca_cache_state')} SET version = version + 1 WHERE id = 1`);
    await bumpCacheVersion(t);
    expect(await version()).toBe(before + 2);
  });

  it('reads as no version (nothing is shared) while a counter row is missing, so the sum can never go back', async () => {
    const table = t.db.sql.table('eca_cache_state');
    const row = (await t.db.sql.one<{ version: number }>(`SELECT version FROM ${table} WHERE id = 7`))!;
    await t.db.sql.run(`DELETE FROM ${table} WHERE id = 7`);
    try {
      expect(await dataVersionSum(t)).toBeUndefined();
    } finally {
      await t.db.sql.run(`INSERT INTO ${table} (id, version) VALUES (7, ?)`, [Number(row.version)]);
    }
    expect(await dataVersionSum(t)).toEqual(expect.any(Number));
  });

  it('lets writes commit while the counter rows are gone, and caches nothing until they are back', async () => {
    const table = t.db.sql.table('eca_cache_state');
    const rows = await t.db.sql.rows<{ id: number; version: number }>(`SELECT id, version FROM ${table}`);
    await t.db.sql.run(`DELETE FROM ${table}`);
    try {
      await createEvent(t, { ...MINIMAL, title: 'Without counters, one' });
      await createEvent(t, { ...MINIMAL, title: 'Without counters, two' });
      expect(await dataVersionSum(t)).toBeUndefined();
    } finally {
      for (const row of rows) await t.db.sql.run(`INSERT INTO ${table} (id, version) VALUES (?, ?)`, [Number(row.id), Number(row.version)]);
    }
    expect(await dataVersionSum(t)).toEqual(expect.any(Number));
  });
});

describe('the end of a write transaction', () => {
  it('bumps the data version and journals what it touched, retires the read model rows that show it, then takes the change cursor and writes the change rows: nothing after the cursor row but its rows', async () => {
    const statements = await statementsOf(() => createEvent(t, { ...MINIMAL, title: 'Last statements' }));
    // (Every 256th value of a row, its write also prunes the row's old journal rows; rows found are deleted.)
    expect(statements.filter((s) => !/^DELETE FROM \S*(eca_cache_journal|eca_read_model)\W/.test(s)).slice(-5)).toEqual([
      expect.stringMatching(/^UPDATE \S*eca_cache_state\W/),
      expect.stringMatching(/^INSERT INTO \S*eca_cache_journal\W/),
      // After the bump: a read model fill holding the counters then either sees this write or precedes it (ReadModel).
      expect.stringMatching(/^SELECT DISTINCT kind, id FROM \S*eca_read_deps\W/),
      expect.stringMatching(/^UPDATE \S*eca_change_cursor\W/),
      expect.stringMatching(/^INSERT INTO \S*eca_changes\W/),
    ]);
    // Each of the two rows every writer queues on is taken once (the journal and change rows read what the take left).
    expect(statements.filter((s) => /^UPDATE \S*(eca_cache_state|eca_change_cursor)\W/.test(s))).toHaveLength(2);
  });
});

describe('slugs picked by concurrent writers', () => {
  it('stay unique across titles whose slugs overlap ("Overlap" takes overlap-2, which a title "Overlap 2" wants)', async () => {
    const titles = Array.from({ length: 12 }, (_, i) => (i % 2 ? 'Overlap 2' : 'Overlap'));
    const responses = await Promise.all(
      titles.map((title) =>
        t.http
          .post(EVENTS)
          .set('Authorization', ADMIN)
          .send({ ...MINIMAL, title }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(titles.map(() => 201));
    const slugs = responses.map((r) => r.body.slug as string);
    expect(new Set(slugs).size).toBe(12);
    const stored = await t.db.sql.rows<{ post_name: string }>(`SELECT post_name FROM ${t.db.sql.table('posts')} WHERE post_title IN ('Overlap', 'Overlap 2')`);
    expect(new Set(stored.map((r) => r.post_name)).size).toBe(12);
  });
});
