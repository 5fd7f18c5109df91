import { runReadModelRebuild } from '../../src/cli/read-model-rebuild.command';
import { DatabaseService } from '../../src/database/database.service';
import { Sql } from '../../src/database/sql';
import { ReadModel } from '../../src/read-model';
import { OptionsStore } from '../../src/wordpress/options.store';
import { PostsStore } from '../../src/wordpress/posts.store';
import { ADMIN, BASE, SITE, startTestApp, TestApp } from '../support/test-app';
import { sharedTestDatabase, TestDatabase } from '../support/test-database';
import { apiWriter } from '../support/api-writer';
import { currentRows } from '../../src/read-model/repository/read-model.repository';

/**
 * Issue #32, the read model (src/read-model/, docs/caching.md "The read model"): records' values kept
 * as rows in the database, used with every in-process cache off (RESPONSE_CACHE_TTL_SECONDS=0), kept
 * across restarts and instances, retired by exactly the writes that touch them — and never filled
 * from data a write changed meanwhile.
 */
jest.setTimeout(120_000);

const EVENTS = `${BASE}/events`;
const ENGINE = process.env.TEST_ENGINE === 'mysql' ? 'mysql' : 'sqlite';
// Every total kept however fast its count (READ_MODEL_TOTAL_MIN_MS), so a test's small lists show the road of large ones.
const ENV = { RESPONSE_CACHE_TTL_SECONDS: '0', READ_MODEL_MAX_AGE_SECONDS: '0', READ_MODEL_TOTAL_MIN_MS: '0' };

let database: TestDatabase;
let cleanup: () => Promise<void>;
let t: TestApp;

beforeAll(async () => {
  // A MariaDB database, or a SQLite file: a second instance and a restart open the same one.
  ({ database, cleanup } = await sharedTestDatabase('read-model-'));
  t = await startTestApp({ database, env: ENV });
});
afterAll(async () => {
  await t?.close();
  await cleanup?.();
});

/** Records created as the administrator; each event on its own day of 2033. */
const { post, event } = apiWriter(() => t, '2033-01');

/** The rows of the read model, as `postType:id`. */
async function rows(app: TestApp = t): Promise<string[]> {
  const sql = app.db.sql;
  const found = await sql.rows<{ kind: string; id: number | string }>(
    `SELECT r.kind, r.id FROM ${sql.table('eca_read_model')} r${currentRows(sql, 'r').joins} WHERE ${currentRows(sql, 'r').condition} ORDER BY r.kind, r.id`,
  );
  return found.map((row) => `${row.kind.split('@')[0]}:${row.id}`);
}

/** An anonymous read, with the statements it sent. */
async function read(path: string, app: TestApp = t): Promise<{ body: any; statements: string[] }> {
  const spy = jest.spyOn(Sql.prototype, 'rows');
  try {
    const { body } = await app.http.get(path).expect(200);
    return { body, statements: spy.mock.calls.map(([text]) => text) };
  } finally {
    spy.mockRestore();
  }
}
const readsMeta = (statements: string[]) => statements.some((text) => /FROM \S*postmeta/.test(text));

describe(`the read model (${ENGINE}, every in-process cache off)`, () => {
  let venue: number;
  let atVenue: number;
  let elsewhere: number;

  beforeAll(async () => {
    venue = await post(`${BASE}/venues`, { venue: 'Hall R', city: 'Oslo' });
    const organizer = await post(`${BASE}/organizers`, { organizer: 'Org R' });
    atVenue = await event('At the hall', { venue, organizer, categories: ['Talks'], tags: ['evening'], cost: '10' });
    elsewhere = await event('Elsewhere', { categories: ['Talks'] });
  });

  it('keeps a record once it was read, and answers the next read from its row, exactly', async () => {
    const first = await read(`${EVENTS}/${atVenue}`);
    expect(readsMeta(first.statements)).toBe(true);
    expect(await rows()).toEqual(expect.arrayContaining([`event-single:${atVenue}`, `tribe_venue:${venue}`]));
    // Building its text, the venue's and the organizer's rows, asked for side by side, came in one statement.
    const rowReads = (statements: string[]) => statements.filter((text) => /FROM \S*eca_read_model/.test(text));
    expect(rowReads(first.statements).some((text) => /\(r\.kind = \? AND r\.id IN \(\?\)\) OR \(r\.kind = \? AND r\.id IN \(\?\)\)/.test(text))).toBe(true);
    const second = await read(`${EVENTS}/${atVenue}`);
    expect(readsMeta(second.statements)).toBe(false);
    expect(second.body).toEqual(first.body);
    // The next read is its text: one row (docs/caching.md "lists as text").
    expect(rowReads(second.statements)).toHaveLength(1);
  });

  it('keeps a missing row under load too: with no connection free at once, one fill runs after the answer', async () => {
    const busy = await event('Read on a busy pool', { categories: ['Talks'] });
    const idle = jest.spyOn(DatabaseService.prototype, 'idle', 'get').mockReturnValue(false);
    try {
      const first = await read(`${EVENTS}/${busy}`);
      expect(readsMeta(first.statements)).toBe(true);
      for (let tries = 0; !(await rows()).includes(`event-single:${busy}`); tries++) {
        expect(tries).toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const second = await read(`${EVENTS}/${busy}`);
      expect(readsMeta(second.statements)).toBe(false);
      expect(second.body).toEqual(first.body);
    } finally {
      idle.mockRestore();
    }
  });

  it('serves the first answer after a restart, and another instance, from the rows', async () => {
    const before = await read(`${EVENTS}/${atVenue}`);
    const other = await startTestApp({ database, env: ENV });
    try {
      const after = await read(`${EVENTS}/${atVenue}`, other);
      expect(readsMeta(after.statements)).toBe(false);
      expect(after.body).toEqual(before.body);
    } finally {
      await other.close();
    }
  });

  it("keeps a list's total too: after a restart the first page counts nothing; a write of the instance that counted it moves it", async () => {
    const list = `${EVENTS}?start_date=2033-01-01&end_date=2033-12-31&per_page=1`;
    const counts = (statements: string[]) => statements.filter((text) => /^SELECT COUNT\(\*\) AS total /.test(text)).length;
    const first = await read(list);
    expect(counts(first.statements)).toBe(1);
    const other = await startTestApp({ database, env: ENV });
    try {
      const again = await read(list, other);
      expect(counts(again.statements)).toBe(0);
      expect(again.body.total).toBe(first.body.total);
      await event('One more in 2033');
      const after = await read(list, other);
      expect(counts(after.statements)).toBe(0);
      expect(after.body.total).toBe(first.body.total + 1);
    } finally {
      await other.close();
    }
  });

  it('a write deletes, in its transaction, exactly the rows that show what it touched; the next answer shows it', async () => {
    await read(`${EVENTS}/${elsewhere}`);
    await read(`${EVENTS}/${atVenue}`);
    const kept = async () => (await rows()).filter((row) => [`event-single:${atVenue}`, `event-single:${elsewhere}`, `tribe_venue:${venue}`].includes(row));
    expect(await kept()).toHaveLength(3);
    const retired = jest.spyOn(t.app.get(ReadModel), 'retire');
    try {
      await t.http.post(`${BASE}/venues/${venue}`).set('Authorization', ADMIN).send({ city: 'Bergen' }).expect(200);
      expect(retired.mock.calls.map(([keys]) => keys)).toContainEqual(expect.arrayContaining([`post:${venue}`]));
    } finally {
      retired.mockRestore();
    }
    // The venue's own row is written again by the answer to the write (read after its commit); the event that embeds it is gone.
    expect(await kept()).toEqual([`event-single:${elsewhere}`, `tribe_venue:${venue}`]);
    expect((await read(`${EVENTS}/${atVenue}`)).body.venue.city).toBe('Bergen');
    expect((await read(`${BASE}/venues/${venue}`)).body.city).toBe('Bergen');
  });

  it("term counts are read with the answer, not kept in the rows: a new event in a category does not retire the others'", async () => {
    const before = await read(`${EVENTS}/${elsewhere}`);
    const count = before.body.categories[0].count as number;
    await event('Third talk', { categories: ['Talks'] });
    expect(await rows()).toContain(`event-single:${elsewhere}`);
    const after = await read(`${EVENTS}/${elsewhere}`);
    expect(readsMeta(after.statements)).toBe(false);
    expect(after.body.categories[0].count).toBe(count + 1);
  });

  it('never keeps a value a write changed between its load and its row (the write wins; the next read renders it)', async () => {
    const id = await event('Racing');
    // The answer to the create kept the event's row (it is read after the commit): start without it.
    await t.db.sql.run(`DELETE FROM ${t.db.sql.table('eca_read_model')}`);
    const readModel = t.app.get(ReadModel);
    const fill = readModel.fill.bind(readModel);
    let raced = 0;
    const spy = jest.spyOn(readModel, 'fill').mockImplementation(async (...args) => {
      spy.mockRestore();
      raced++;
      // The value is loaded; a write of the same event commits before the row is written.
      await t.db.transaction(() =>
        t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_modified = post_modified WHERE ID = ?`, [id]).then(() => markWritten(id)),
      );
      return fill(...args);
    });
    await t.http.get(`${EVENTS}/${id}`).expect(200);
    expect(raced).toBe(1);
    expect(await rows()).not.toContain(`event-single:${id}`);
    await t.http.post(`${EVENTS}/${id}`).set('Authorization', ADMIN).send({ title: 'Raced' }).expect(200);
    expect((await read(`${EVENTS}/${id}`)).body.title).toBe('Raced');
  });

  it("an image written elsewhere in the media library retires no row; a write of the event's own image does", async () => {
    const posts = t.app.get(PostsStore);
    const date = '2033-01-01 00:00:00';
    const attachment = (title: string) =>
      t.db.transaction(() =>
        posts.insert({
          post_type: 'attachment',
          post_status: 'inherit',
          post_author: 1,
          post_title: title,
          post_name: title.toLowerCase(),
          post_mime_type: 'image/jpeg',
          post_date: date,
          post_date_gmt: date,
          post_modified: date,
          post_modified_gmt: date,
          guid: (id) => `${SITE}/?attachment_id=${id}`,
        }),
      );
    const own = await attachment('Own');
    await t.http.post(`${EVENTS}/${elsewhere}`).set('Authorization', ADMIN).send({ image: own }).expect(200);
    expect((await read(`${EVENTS}/${elsewhere}`)).body.image.id).toBe(own);
    await attachment('Unrelated');
    expect(await rows()).toContain(`event-single:${elsewhere}`);
    await t.db.transaction(() => posts.setMeta(own, '_wp_attached_file', '2033/01/own.jpg'));
    expect(await rows()).not.toContain(`event-single:${elsewhere}`);
    expect((await read(`${EVENTS}/${elsewhere}`)).body.image.url).toContain('2033/01/own.jpg');
  });

  it("a term written retires the rows that show its taxonomy by its counter: one statement, none deleted, the venues' rows kept", async () => {
    const shown = [`event-single:${atVenue}`, `event-single:${elsewhere}`, `tribe_venue:${venue}`];
    // Read twice: a row missing since an earlier test is filled by the first read (after its answer, if a fill is under way).
    for (const path of [`${EVENTS}/${elsewhere}`, `${EVENTS}/${atVenue}`, `${BASE}/venues/${venue}`, `${EVENTS}/${atVenue}`]) await read(path);
    expect((await rows()).filter((row) => shown.includes(row))).toHaveLength(3);
    const stored = async () => Number((await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('eca_read_model')}`))?.n);
    const before = await stored();
    const runs = jest.spyOn(Sql.prototype, 'run');
    try {
      await t.http.post(`${BASE}/categories`).set('Authorization', ADMIN).send({ name: 'Brand new' }).expect(201);
      const modelWrites = runs.mock.calls.map(([text]) => text).filter((text) => /eca_read_(model|epoch)/.test(text));
      expect(modelWrites).toEqual([expect.stringMatching(/^UPDATE \S*eca_read_epoch\W.*WHERE id IN \(\?\)/)]);
    } finally {
      runs.mockRestore();
    }
    expect(await stored()).toBe(before);
    expect((await rows()).filter((row) => shown.includes(row))).toEqual([`tribe_venue:${venue}`]);
    const again = await read(`${EVENTS}/${elsewhere}`);
    expect(readsMeta(again.statements)).toBe(true);
    expect(await rows()).toContain(`event-single:${elsewhere}`);
    expect(readsMeta((await read(`${EVENTS}/${elsewhere}`)).statements)).toBe(false);
  });

  it('a write of everything (a site option) retires every row at once, by the epoch', async () => {
    await read(`${EVENTS}/${elsewhere}`);
    expect((await rows()).length).toBeGreaterThan(0);
    await t.db.transaction(() => t.app.get(OptionsStore).set('eca_read_model_test', 'x'));
    expect(await rows()).toEqual([]);
    expect(readsMeta((await read(`${EVENTS}/${elsewhere}`)).statements)).toBe(true);
  });

  it('read-model:rebuild renders every event, venue and organizer again, and the answers stay the same', async () => {
    const list = `${EVENTS}?start_date=2033-01-01&end_date=2033-12-31`;
    const before = (await read(list)).body;
    const lines: string[] = [];
    await runReadModelRebuild(t.app, (line) => lines.push(line));
    const sql = t.db.sql;
    const count = async (type: string) =>
      Number((await sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql.table('posts')} WHERE post_type = ?`, [type]))!.n);
    const kept = await rows();
    const orphans = await sql.one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${sql.table('eca_read_deps')} d WHERE NOT EXISTS (SELECT 1 FROM ${sql.table('eca_read_model')} r WHERE r.kind = d.kind AND r.id = d.id)`,
    );
    expect(Number(orphans!.n)).toBe(0);
    for (const type of ['tribe_events', 'tribe_venue', 'tribe_organizer'])
      expect(kept.filter((row) => row.startsWith(`${type}:`))).toHaveLength(await count(type));
    expect(lines.join('\n')).toMatch(/^Rebuilt the read model: \d+ tribe_venue, \d+ tribe_organizer, \d+ tribe_events \(\d+ records\)/);
    const after = await read(list);
    expect(readsMeta(after.statements.filter((text) => !/COUNT\(|event_list|tec_occurrences/i.test(text)))).toBe(false);
    expect(after.body).toEqual(before);
  });
});

describe("links that follow the request's host (no SITE_URL; home follows the request)", () => {
  it('keep one row per record, rendered for a placeholder origin: every host gets the answer it gets without the read model, and hosts cannot grow the table', async () => {
    const shared = await sharedTestDatabase('read-model-hosts-');
    const withRows = await startTestApp({ database: shared.database, env: { ...ENV, SITE_URL: '' } });
    const without = await startTestApp({ database: shared.database, env: { ...ENV, SITE_URL: '', READ_MODEL: 'false' } });
    try {
      const venue = (await withRows.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Host Hall', city: 'Rome' })).body.id;
      const id = (
        await withRows.http
          .post(EVENTS)
          .set('Authorization', ADMIN)
          .send({ title: 'Hosted', start_date: '2033-03-01 10:00:00', end_date: '2033-03-01 11:00:00', venue, categories: ['Hosted talks'] })
      ).body.id;
      const paths = [`${EVENTS}/${id}`, `${EVENTS}?start_date=2033-03-01&end_date=2033-03-31`, `${BASE}/venues/${venue}`];
      const hosts: Record<string, string>[] = [
        { Host: 'a.example' },
        { Host: 'B.Example:8080' },
        { Host: 'evil.example', 'X-Forwarded-Host': 'proxied.example', 'X-Forwarded-Proto': 'https' },
      ];
      for (const headers of hosts) {
        for (const path of paths) {
          for (let pass = 0; pass < 2; pass++) {
            const ours = await withRows.http.get(path).set(headers).expect(200);
            const theirs = await without.http.get(path).set(headers).expect(200);
            expect({ path, headers, body: ours.body }).toEqual({ path, headers, body: theirs.body });
          }
        }
      }
      expect(JSON.stringify((await withRows.http.get(`${EVENTS}/${id}`).set('Host', 'b.example')).body)).toContain('b.example?id=');
      const kept = (await rows(withRows)).filter((row) => row === `event-single:${id}` || row === `tribe_venue:${venue}`);
      expect(kept).toEqual([`event-single:${id}`, `tribe_venue:${venue}`]);
    } finally {
      await withRows.close();
      await without.close();
      await shared.cleanup();
    }
  });
});

describe('READ_MODEL_MAX_AGE_SECONDS: a write WordPress makes without the must-use plugin', () => {
  it('is seen once the row is older than the limit', async () => {
    const app = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '0', READ_MODEL_MAX_AGE_SECONDS: '1' } });
    try {
      const id = (
        await app.http.post(EVENTS).set('Authorization', ADMIN).send({ title: 'Aged', start_date: '2033-04-01 10:00:00', end_date: '2033-04-01 11:00:00' })
      ).body.id;
      await app.http.get(`${EVENTS}/${id}`).expect(200);
      await app.db.sql.run(`UPDATE ${app.db.sql.table('posts')} SET post_title = ? WHERE ID = ?`, ['Written by WordPress', id]);
      expect((await app.http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('Aged');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await app.http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('Written by WordPress');
    } finally {
      await app.close();
    }
  });
});

/** Notes `post:ID` as written in the current transaction, as the posts store does for its own writes. */
function markWritten(id: number): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { noteWrite } = require('../../src/wordpress/write-journal') as typeof import('../../src/wordpress/write-journal');
  noteWrite({ kind: 'post', id, action: 'updated', postType: 'tribe_events' });
}
