import fc from 'fast-check';
import { Sql } from '../../src/database/sql';
import { currentRows } from '../../src/read-model/repository/read-model.repository';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { sharedTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Totals kept by the writes (src/cache/kept-totals.ts, docs/decisions.md "Totals kept by the writes"):
 * a list total kept as a read model row is moved by an event write's own difference, in its
 * transaction, instead of being retired and counted again — and stays exact: after every write each
 * list's `X-WP-Total` is the number of events its page lists (the page's own statement, not the total's).
 */
jest.setTimeout(300_000);

const EVENTS = `${BASE}/events`;
const PER_PAGE = 50;
const WINDOW = `start_date=2034-01-01&end_date=2034-12-31&per_page=${PER_PAGE}`;
// Every total kept however fast its count, every in-process cache off: each read meets the rows.
const ENV = { RESPONSE_CACHE_TTL_SECONDS: '0', READ_MODEL_MAX_AGE_SECONDS: '0', READ_MODEL_TOTAL_MIN_MS: '0' };

let database: TestDatabase;
let cleanup: () => Promise<void>;
let t: TestApp;
let venues: number[];
let categories: number[];

beforeAll(async () => {
  ({ database, cleanup } = await sharedTestDatabase('kept-totals-'));
  t = await startTestApp({ database, env: ENV });
  venues = [await created(`${BASE}/venues`, { venue: 'Hall one' }), await created(`${BASE}/venues`, { venue: 'Hall two' })];
  categories = [await created(`${BASE}/categories`, { name: 'Kept one' }), await created(`${BASE}/categories`, { name: 'Kept two' })];
});
afterAll(async () => {
  await t?.close();
  await cleanup?.();
});

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.http.post(path).set('Authorization', ADMIN).send(body);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** The lists whose totals the tests follow: anonymous, and the administrator's drafts too. */
function lists(): { path: string; admin?: boolean }[] {
  return [
    { path: `${EVENTS}?${WINDOW}` },
    { path: `${EVENTS}?${WINDOW}&search=alpha` },
    { path: `${EVENTS}?${WINDOW}&search=-alpha` },
    { path: `${EVENTS}?${WINDOW}&venue=${venues[0]}` },
    { path: `${EVENTS}?${WINDOW}&categories=${categories[0]}` },
    { path: `${EVENTS}?${WINDOW}&featured=true` },
    { path: `${EVENTS}?${WINDOW}&status=publish,draft`, admin: true },
  ];
}

/**
 * A list's total and how many events its pages hold (the sequences add events until a list spans
 * pages), with the statements the first page's read sent.
 */
async function read(list: { path: string; admin?: boolean }): Promise<{ total: number; listed: number; statements: string[] }> {
  const get = (path: string) => {
    const request = t.http.get(path);
    return list.admin ? request.set('Authorization', ADMIN) : request;
  };
  const spy = jest.spyOn(Sql.prototype, 'rows');
  let first;
  let statements: string[];
  try {
    first = await get(list.path);
  } finally {
    statements = spy.mock.calls.map(([text]) => String(text));
    spy.mockRestore();
  }
  expect(first.status).toBe(200);
  // Every page, whatever the total says: the next one while the last was full (one past the last is refused).
  let listed = first.body.events.length;
  for (let page = 2, last = listed; last === PER_PAGE; page++) {
    const res = await get(`${list.path}&page=${page}`);
    last = res.status === 200 ? res.body.events.length : 0;
    listed += last;
  }
  return { total: Number(first.headers['x-wp-total']), listed, statements };
}

const counts = (statements: string[]) => statements.filter((text) => text.includes('SELECT COUNT(*) AS total'));

/** The kept totals' rows: their number beside their text. */
async function keptRows(): Promise<{ id: number; total: number; built: number }[]> {
  const sql = t.db.sql;
  const rows = await sql.rows<{ id: number | string; total: number | string; built_at: number | string }>(
    `SELECT r.id, r.total, r.built_at FROM ${sql.table('eca_read_model')} r${currentRows(sql, 'r').joins} WHERE r.total IS NOT NULL AND ${currentRows(sql, 'r').condition} ORDER BY r.id`,
  );
  return rows.map((row) => ({ id: Number(row.id), total: Number(row.total), built: Number(row.built_at) }));
}

/** Each list read twice: counted and kept, then read from its row (which this instance's writes move from then on). */
async function readAllTwice(): Promise<void> {
  for (const list of lists()) {
    await read(list);
    const again = await read(list);
    expect(counts(again.statements)).toEqual([]);
  }
}

async function expectExactTotals(): Promise<void> {
  for (const list of lists()) {
    const { total, listed } = await read(list);
    expect({ path: list.path, total }).toEqual({ path: list.path, total: listed });
  }
}

interface Fields {
  alpha: boolean;
  venue: number;
  category: number;
  featured: boolean;
  status: 'publish' | 'draft';
  inWindow: boolean;
  day: number;
}

function body(fields: Fields): Record<string, unknown> {
  const date = `${fields.inWindow ? '2034' : '2036'}-03-${String(fields.day).padStart(2, '0')}`;
  return {
    title: fields.alpha ? `Kept alpha ${fields.day}` : `Kept beta ${fields.day}`,
    start_date: `${date} 10:00:00`,
    end_date: `${date} 11:00:00`,
    venue: fields.venue >= 0 ? venues[fields.venue] : 0,
    categories: fields.category >= 0 ? [categories[fields.category]] : [],
    featured: fields.featured,
    status: fields.status,
  };
}

const fieldsArb: fc.Arbitrary<Fields> = fc.record({
  alpha: fc.boolean(),
  venue: fc.integer({ min: -1, max: 1 }),
  category: fc.integer({ min: -1, max: 1 }),
  featured: fc.boolean(),
  status: fc.constantFrom<'publish' | 'draft'>('publish', 'draft'),
  inWindow: fc.boolean(),
  day: fc.integer({ min: 1, max: 28 }),
});

test('a write of one event moves the totals it changes, in its transaction: the next read counts nothing and is exact', async () => {
  const ids = [await created(EVENTS, body({ alpha: false, venue: 1, category: 1, featured: false, status: 'publish', inWindow: true, day: 1 }))];
  await readAllTwice();
  const before = await keptRows();
  expect(before.length).toBeGreaterThan(0);

  const searched = lists()[1];
  const was = await read(searched);
  const res = await t.http
    .post(`${EVENTS}/${ids[0]}`)
    .set('Authorization', ADMIN)
    .send(body({ alpha: true, venue: 0, category: 0, featured: true, status: 'publish', inWindow: true, day: 1 }));
  expect(res.status).toBe(200);
  for (const list of lists()) {
    const after = await read(list);
    expect(after.total).toBe(after.listed);
    expect({ path: list.path, counted: counts(after.statements) }).toEqual({ path: list.path, counted: [] });
  }
  expect((await read(searched)).total).toBe(was.total + 1);
  // The same rows, built when they were counted: moved, not filled again.
  const moved = await keptRows();
  expect(moved.map(({ id, built }) => ({ id, built }))).toEqual(before.map(({ id, built }) => ({ id, built })));

  // A creation, a trash and a deletion move them too.
  ids.push(await created(EVENTS, body({ alpha: true, venue: 0, category: 0, featured: false, status: 'publish', inWindow: true, day: 2 })));
  expect((await read(searched)).total).toBe(was.total + 2);
  await t.http.delete(`${EVENTS}/${ids[1]}`).set('Authorization', ADMIN).expect(200);
  expect((await read(searched)).total).toBe(was.total + 1);
  await t.http.delete(`${EVENTS}/${ids[0]}?force=true`).set('Authorization', ADMIN).expect(200);
  const gone = await read(searched);
  expect(gone).toEqual({ total: was.total, listed: was.total, statements: expect.any(Array) });
  expect(counts(gone.statements)).toEqual([]);
  await expectExactTotals();
});

/** Each list read: exact, and its total read from its row (moved by the write before, not counted again). */
async function expectMovedTotals(): Promise<void> {
  for (const list of lists()) {
    const { total, listed, statements } = await read(list);
    expect({ path: list.path, total, counted: counts(statements) }).toEqual({ path: list.path, total: listed, counted: [] });
  }
}

/** A series' later occurrences (its first event's children), by ID. */
async function occurrencesOf(firstId: number): Promise<number[]> {
  const sql = t.db.sql;
  const rows = await sql.rows<{ ID: number }>(`SELECT ID FROM ${sql.table('posts')} WHERE post_parent = ? ORDER BY ID`, [firstId]);
  return rows.map((row) => Number(row.ID));
}

/** Which of `ids` still exist (in the trash or not). */
async function existing(ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const sql = t.db.sql;
  const rows = await sql.rows<{ ID: number }>(`SELECT ID FROM ${sql.table('posts')} WHERE ID IN (${ids.map(() => '?').join(', ')})`, [...ids]);
  const found = new Set(rows.map((row) => Number(row.ID)));
  return ids.filter((id) => found.has(id));
}

const seriesBody = (fields: Fields, count: number) => ({ ...body(fields), recurrence: { rrule: `FREQ=DAILY;COUNT=${count}` } });

test('every list stays exact through any sequence of creates, updates, trashes and deletions, of events and of series', async () => {
  await readAllTwice();
  const ops = fc.oneof(
    fc.record({ kind: fc.constant('create' as const), fields: fieldsArb }),
    fc.record({ kind: fc.constant('series' as const), fields: fieldsArb, count: fc.integer({ min: 2, max: 4 }) }),
    fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), fields: fieldsArb, scope: fc.constantFrom(undefined, 'all', 'following') }),
    fc.record({ kind: fc.constant('trash' as const), pick: fc.nat(), whole: fc.boolean() }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), whole: fc.boolean() }),
  );
  let alive: number[] = [];
  await fc.assert(
    fc.asyncProperty(fc.array(ops, { minLength: 1, maxLength: 6 }), async (sequence) => {
      for (const op of sequence) {
        if (op.kind === 'create') alive.push(await created(EVENTS, body(op.fields)));
        else if (op.kind === 'series') {
          const first = await created(EVENTS, seriesBody(op.fields, op.count));
          alive.push(first, ...(await occurrencesOf(first)));
        } else if (alive.length) {
          const id = alive[op.pick % alive.length];
          if (op.kind === 'update') {
            const res = await t.http
              .post(`${EVENTS}/${id}`)
              .set('Authorization', ADMIN)
              .send({ ...body(op.fields), ...(op.scope ? { scope: op.scope } : {}) });
            // A series (or the part a split starts) whose first event moved past its rule's UNTIL is refused: nothing written.
            const refused = res.status === 400 && res.body.data?.params?.recurrence !== undefined;
            if (!refused) expect(res.status).toBe(200);
          } else {
            const query = [op.kind === 'delete' ? 'force=true' : '', op.whole ? 'scope=all' : ''].filter(Boolean).join('&');
            const res = await t.http.delete(`${EVENTS}/${id}${query ? `?${query}` : ''}`).set('Authorization', ADMIN);
            // A trashed event is trashed again only by a deletion (410 otherwise); a series' first event is
            // deleted for good only with its series (400 otherwise).
            expect([200, 400, 410]).toContain(res.status);
            alive = await existing(alive);
          }
        }
        await expectExactTotals();
      }
    }),
    { numRuns: process.env.TEST_ENGINE === 'mysql' ? 6 : 10 },
  );
});

test('a series write moves the totals: created, changed whole, split, an occurrence trashed alone, deleted whole', async () => {
  await readAllTwice();
  const fields: Fields = { alpha: true, venue: 0, category: 0, featured: false, status: 'publish', inWindow: true, day: 10 };
  const first = await created(EVENTS, seriesBody(fields, 4));
  await expectMovedTotals();
  const send = async (id: number, change: Record<string, unknown>) => {
    const res = await t.http.post(`${EVENTS}/${id}`).set('Authorization', ADMIN).send(change);
    expect(res.status).toBe(200);
    await expectMovedTotals();
  };
  // The whole series: to the other venue and category, out of the search.
  await send(first, body({ ...fields, alpha: false, venue: 1, category: 1 }));
  const [second, third] = await occurrencesOf(first);
  // Split at the third: it and the fourth back into the search and the venue's list.
  await send(third, { ...body({ ...fields, day: 12 }), scope: 'following' });
  expect(await occurrencesOf(third)).toHaveLength(1);
  // One occurrence trashed alone (its start an exdate of the rule: its first event written too).
  await t.http.delete(`${EVENTS}/${second}`).set('Authorization', ADMIN).expect(200);
  await expectMovedTotals();
  for (const head of [first, third]) {
    await t.http.delete(`${EVENTS}/${head}?scope=all&force=true`).set('Authorization', ADMIN).expect(200);
    await expectMovedTotals();
  }
  expect(await existing([first, second, third])).toEqual([]);
});

test('writers at the same time, on several events and on one, leave every total exact', async () => {
  await readAllTwice();
  const ids: number[] = [];
  for (let day = 1; day <= 6; day++)
    ids.push(await created(EVENTS, body({ alpha: false, venue: 0, category: 0, featured: false, status: 'publish', inWindow: true, day })));
  await readAllTwice();
  const flips = fc.sample(fieldsArb, { numRuns: 12, seed: 32 });
  const results = await Promise.all(
    flips.map((fields, i) =>
      t.http
        .post(`${EVENTS}/${ids[i < 8 ? i % ids.length : 0]}`)
        .set('Authorization', ADMIN)
        .send(body(fields)),
    ),
  );
  expect(results.map((res) => res.status)).toEqual(flips.map(() => 200));
  await expectExactTotals();
});

test('a write that also writes another post (a venue created with the event) retires the totals instead, exact', async () => {
  await readAllTwice();
  const res = await t.http
    .post(EVENTS)
    .set('Authorization', ADMIN)
    .send({ ...body({ alpha: true, venue: -1, category: 0, featured: true, status: 'publish', inWindow: true, day: 9 }), venue: { venue: 'A new hall' } });
  expect(res.status).toBe(201);
  const searched = await read(lists()[1]);
  expect(searched.total).toBe(searched.listed);
  // Not moved: the other post written may move other events in or out of a list, so it was counted again.
  expect(counts(searched.statements)).toHaveLength(1);
  await expectExactTotals();
});

test('with every cache on (the defaults), a total this instance just counted and filled is moved by its next write', async () => {
  const cached = await startTestApp({ database, env: { READ_MODEL_TOTAL_MIN_MS: '0' } });
  try {
    const id = await created(EVENTS, body({ alpha: true, venue: 0, category: 0, featured: false, status: 'publish', inWindow: true, day: 23 }));
    const readOn = async (list: { path: string }) => {
      const spy = jest.spyOn(Sql.prototype, 'rows');
      try {
        const res = await cached.http.get(list.path).expect(200);
        return {
          total: Number(res.headers['x-wp-total']),
          listed: res.body.events.length as number,
          counted: counts(spy.mock.calls.map(([text]) => String(text))),
        };
      } finally {
        spy.mockRestore();
      }
    };
    // A list no instance read yet: counted once, its row filled; the second read is the response cache's.
    const list = { path: `${EVENTS}?${WINDOW}&search=kept-default` };
    expect((await readOn(list)).counted).toHaveLength(1);
    expect((await readOn(list)).counted).toEqual([]);
    await cached.http
      .post(`${EVENTS}/${id}`)
      .set('Authorization', ADMIN)
      .send({ ...body({ alpha: true, venue: 0, category: 0, featured: false, status: 'publish', inWindow: true, day: 23 }), title: 'kept-default' })
      .expect(200);
    expect(await readOn(list)).toEqual({ total: 1, listed: 1, counted: [] });
  } finally {
    await cached.close();
  }
});

test('two instances on one database: a total one of them does not know is retired by its writes, and both stay exact', async () => {
  const other = await startTestApp({ database, env: ENV });
  try {
    const readOn = async (app: TestApp, list: { path: string; admin?: boolean }) => {
      const request = app.http.get(list.path);
      const res = await (list.admin ? request.set('Authorization', ADMIN) : request);
      return { total: Number(res.headers['x-wp-total']), listed: res.body.events.length as number };
    };
    await readAllTwice();
    const id = await created(EVENTS, body({ alpha: true, venue: 0, category: 0, featured: true, status: 'publish', inWindow: true, day: 20 }));
    // The other instance never read these totals: its writes retire them; this one's move them.
    for (const [writer, fields] of [
      [other, { alpha: false, venue: 1, category: 1, featured: false, status: 'publish', inWindow: true, day: 20 }],
      [t, { alpha: true, venue: 0, category: 0, featured: true, status: 'publish', inWindow: true, day: 21 }],
      [other, { alpha: true, venue: 0, category: -1, featured: false, status: 'draft', inWindow: true, day: 22 }],
    ] as const) {
      const res = await writer.http.post(`${EVENTS}/${id}`).set('Authorization', ADMIN).send(body(fields));
      expect(res.status).toBe(200);
      for (const list of lists()) {
        for (const app of [t, other]) {
          const { total, listed } = await readOn(app, list);
          expect({ path: list.path, total }).toEqual({ path: list.path, total: listed });
        }
      }
    }
  } finally {
    await other.close();
  }
});
