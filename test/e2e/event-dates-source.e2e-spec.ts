import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, ENGINE, TestDatabase } from '../support/test-database';
import { EVENTS, insertEvent } from './events-test-helpers';

// Where the list reads event dates (EVENT_DATES_SOURCE): TEC 6's occurrence rows, indexed by the
// service (default), or the meta alone. Events written without occurrence rows (TEC 5 data) get them at
// the next boot; the meta-only mode lists them without.
const WINDOW = 'start_date=2030-01-01&end_date=2030-12-31';

describe('event dates source', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eca-dates-'));
  let database: TestDatabase;
  let t: TestApp | undefined;

  beforeAll(async () => {
    // A database that outlives one app (a file on SQLite), so the app can be restarted on it.
    database =
      ENGINE === 'sqlite' ? { url: `sqlite:${join(dir, 'events.sqlite')}`, name: 'events.sqlite', drop: async () => undefined } : await createTestDatabase();
  });
  afterEach(async () => {
    await t?.app.close();
    t = undefined;
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const occurrenceRows = async (app: TestApp, id: number) =>
    app.db.sql.rows<{ start_date: string }>(`SELECT start_date FROM ${app.db.sql.table('tec_occurrences')} WHERE post_id = ?`, [id]);
  const listedIds = async (app: TestApp) => (await app.http.get(`${EVENTS}?${WINDOW}`).expect(200)).body.events.map((e: { id: number }) => e.id);

  /** An event as TEC 5 stored it: its meta, no TEC 6 rows. */
  async function insertTec5Event(app: TestApp, title: string, start: string): Promise<number> {
    const id = await insertEvent(app, { title, start });
    await app.db.transaction(async () => {
      const sql = app.db.sql;
      await sql.run(`DELETE FROM ${sql.table('tec_occurrences')} WHERE post_id = ?`, [id]);
      await sql.run(`DELETE FROM ${sql.table('tec_events')} WHERE post_id = ?`, [id]);
    });
    return id;
  }

  it('lists from the occurrence rows, and gives a meta-only event its rows at the next boot', async () => {
    t = await startTestApp({ database });
    const withRows = await insertEvent(t, { title: 'With rows', start: '2030-03-01 10:00:00' });
    const metaOnly = await insertTec5Event(t, 'Meta only', '2030-02-01 10:00:00');
    expect(await occurrenceRows(t, metaOnly)).toEqual([]);
    expect(await listedIds(t)).toEqual([withRows]);
    await t.app.close();

    t = await startTestApp({ database });
    expect((await occurrenceRows(t, metaOnly)).map((r) => String(r.start_date).replace('T', ' ').slice(0, 19))).toEqual(['2030-02-01 10:00:00']);
    expect(await listedIds(t)).toEqual([metaOnly, withRows]);
  });

  it('EVENT_DATES_SOURCE=postmeta lists from the meta alone and writes no rows at boot', async () => {
    t = await startTestApp({ database, env: { EVENT_DATES_SOURCE: 'postmeta' } });
    const metaOnly = await insertTec5Event(t, 'Meta only 2', '2030-01-15 10:00:00');
    const ids = await listedIds(t);
    expect(ids[0]).toBe(metaOnly);
    await t.app.close();

    t = await startTestApp({ database, env: { EVENT_DATES_SOURCE: 'postmeta' } });
    expect(await occurrenceRows(t, metaOnly)).toEqual([]);
    expect((await listedIds(t))[0]).toBe(metaOnly);
  });

  it('refuses another EVENT_DATES_SOURCE at boot, naming the variable', async () => {
    await expect(startTestApp({ database, env: { EVENT_DATES_SOURCE: 'tables' } })).rejects.toThrow(/EVENT_DATES_SOURCE/);
  });
});
