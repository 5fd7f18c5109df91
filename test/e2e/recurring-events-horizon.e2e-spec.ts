import { UsersService } from '../../src/auth/users.service';
import { runCommand } from '../../src/cli/commands';
import { HORIZON_MONTHS, MAX_OCCURRENCES } from '../../src/recurrence';
import { SeriesHorizonJob } from '../../src/events/series/series-horizon.job';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, eventMeta, EVENTS, tecRows } from './events-write-helpers';

const DAY = 86_400_000;
const HORIZON = '_EventRecurrenceHorizon';

/** The next Tuesday after today (UTC), as `YYYY-MM-DD`: an endless weekly series starting now. */
function nextTuesday(): string {
  const today = new Date();
  const ahead = ((2 - today.getUTCDay() + 7) % 7) + 7;
  return new Date(today.getTime() + ahead * DAY).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) `months` after `ms`, as the horizon is stored. */
function utcMonthsAfter(ms: number, months: number): string {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Milliseconds between two stored UTC instants. */
const apart = (a: string, b: string) => Math.abs(Date.parse(`${a.replace(' ', 'T')}Z`) - Date.parse(`${b.replace(' ', 'T')}Z`));
/** The horizon is HORIZON_MONTHS after "now" on the event's wall clock: within a DST hour of the same UTC sum. */
const HOUR = 3600_000;

async function createSeries(t: TestApp, title: string, rrule: string): Promise<Record<string, any>> {
  const day = nextTuesday();
  const res = await t.http
    .post(EVENTS)
    .set('Authorization', ADMIN)
    .send({ title, start_date: `${day} 10:00:00`, end_date: `${day} 12:00:00`, timezone: 'America/New_York', recurrence: { rrule } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every occurrence of the series (first event included) outside the trash: local and UTC starts, by start. */
async function occurrences(t: TestApp, firstId: number) {
  const sql = t.db.sql;
  return sql.rows<{ ID: number; start: string; utc: string }>(
    `SELECT p.ID, s.meta_value AS start, u.meta_value AS utc
       FROM ${sql.table('posts')} p
       JOIN ${sql.table('postmeta')} s ON s.post_id = p.ID AND s.meta_key = '_EventStartDate'
       JOIN ${sql.table('postmeta')} u ON u.post_id = p.ID AND u.meta_key = '_EventStartDateUTC'
      WHERE (p.ID = ? OR p.post_parent = ?) AND p.post_type = 'tribe_events' AND p.post_status <> 'trash'
      ORDER BY s.meta_value`,
    [firstId, firstId],
  );
}

/** Starts one week apart at the same local time, each once: no gap, no duplicate. */
function expectWeekly(rows: { start: string }[]): void {
  expect(new Set(rows.map((r) => r.start)).size).toBe(rows.length);
  for (let i = 1; i < rows.length; i++) {
    const days = (Date.parse(`${rows[i].start.slice(0, 10)}T00:00:00Z`) - Date.parse(`${rows[i - 1].start.slice(0, 10)}T00:00:00Z`)) / DAY;
    expect({ at: rows[i].start, days }).toEqual({ at: rows[i].start, days: 7 });
    expect(rows[i].start.slice(11)).toBe(rows[0].start.slice(11));
  }
}

describe('recurring events: the horizon job extends endless series (issue #24)', () => {
  let t: TestApp;
  let job: SeriesHorizonJob;

  beforeAll(async () => {
    t = await startTestApp();
    job = t.app.get(SeriesHorizonJob);
  });
  afterAll(() => t.close());

  it('stores the horizon of an endless series only, as a UTC instant two years ahead', async () => {
    const before = Date.now();
    const endless = await createSeries(t, 'Endless Talk', 'FREQ=WEEKLY;BYDAY=TU');
    const [horizon] = (await eventMeta(t, endless.id))[HORIZON];
    expect(apart(horizon, utcMonthsAfter(before, HORIZON_MONTHS))).toBeLessThanOrEqual(HOUR + (Date.now() - before));
    const rows = await occurrences(t, endless.id);
    expect(rows[rows.length - 1].utc <= horizon).toBe(true);
    // The first event's own meta: no occurrence copies it.
    expect((await eventMeta(t, rows[1].ID))[HORIZON]).toBeUndefined();
    const bounded = await createSeries(t, 'Bounded Talk', 'FREQ=WEEKLY;BYDAY=TU;COUNT=5');
    expect((await eventMeta(t, bounded.id))[HORIZON]).toBeUndefined();
  });

  it('a pass at a later "now" adds the occurrences past the old horizon, once, and the API shows them', async () => {
    const series = await createSeries(t, 'Weekly Club', 'FREQ=WEEKLY;BYDAY=TU');
    const created = await occurrences(t, series.id);
    const [oldHorizon] = (await eventMeta(t, series.id))[HORIZON];
    // An anonymous read, stored in the response cache under the current data version.
    const cached = await t.http.get(`${EVENTS}/${series.id}`).expect(200);
    expect(cached.body.series.occurrences).toBe(created.length);

    // Not due yet: nothing is written.
    expect(await job.pass(Date.now())).toEqual({ extended: 0, occurrences: 0, capped: 0 });

    const later = Date.now() + 45 * DAY;
    const pass = await job.pass(later);
    const extended = await occurrences(t, series.id);
    const added = extended.slice(created.length);
    expect(pass.extended).toBeGreaterThanOrEqual(1);
    expect(added.length).toBeGreaterThanOrEqual(5);
    expect(extended.slice(0, created.length)).toEqual(created);
    expectWeekly(extended);
    expect(added.every((o) => o.utc > oldHorizon)).toBe(true);
    const [newHorizon] = (await eventMeta(t, series.id))[HORIZON];
    expect(apart(newHorizon, utcMonthsAfter(later, HORIZON_MONTHS))).toBeLessThanOrEqual(HOUR);
    expect(extended[extended.length - 1].utc <= newHorizon).toBe(true);
    // Each new occurrence is a whole event: TEC's rows too.
    const tec = await tecRows(t, added[added.length - 1].ID);
    expect(tec.occurrences).toHaveLength(1);
    expect(tec.occurrences[0].start_date_utc).toBe(added[added.length - 1].utc);

    // The write bumped the data version: the cached answer is retired.
    const fresh = await t.http.get(`${EVENTS}/${series.id}`).expect(200);
    expect(fresh.body.series).toMatchObject({ occurrences: extended.length, last: extended[extended.length - 1].start });

    // The same pass again: the series is no longer due.
    await job.pass(later);
    expect(await occurrences(t, series.id)).toEqual(extended);
  });

  it('two passes at once (two instances) extend each series exactly once', async () => {
    const series = await createSeries(t, 'Twice Club', 'FREQ=WEEKLY;BYDAY=TU');
    const created = await occurrences(t, series.id);
    const others = await t.db.sql.rows<{ post_id: number }>(`SELECT post_id FROM ${t.db.sql.table('postmeta')} WHERE meta_key = ?`, [HORIZON]);
    const later = Date.now() + 100 * DAY;
    const passes = await Promise.all([job.pass(later), job.pass(later)]);
    // Every due series (this one and the earlier tests') was extended by one of the passes, not both.
    expect(passes[0].extended + passes[1].extended).toBe(others.length);
    const extended = await occurrences(t, series.id);
    expect(extended.length).toBeGreaterThan(created.length + 10);
    for (const { post_id } of others) expectWeekly(await occurrences(t, Number(post_id)));
  });

  it(`a daily endless series that would pass ${MAX_OCCURRENCES} occurrences stops being extended`, async () => {
    const series = await createSeries(t, 'Daily Stand-up', 'FREQ=DAILY');
    const created = await occurrences(t, series.id);
    const pass = await job.pass(Date.now() + 300 * DAY);
    expect(pass.capped).toBe(1);
    expect(await occurrences(t, series.id)).toEqual(created);
    expect((await eventMeta(t, series.id))[HORIZON]).toBeUndefined();
  });
});

describe('npm run cli -- seed --series (the bench’s series-heavy site)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('writes K weekly series of M occurrences as POST /events with recurrence stores them, K·M events in all', async () => {
    const lines: string[] = [];
    await runCommand(
      ['seed', '--series', '3', '--occurrences', '4', '--batch', '8', '--venues', '1', '--organizers', '1'],
      t.app.get(UsersService),
      (l) => lines.push(l),
      t.app,
    );
    expect(lines.join('\n')).toMatch(/Seeded 0 events, 3 series of 4 occurrences/);
    const sql = t.db.sql;
    const firsts = await sql.rows<{ post_id: number }>(
      `SELECT post_id FROM ${sql.table('postmeta')} WHERE meta_key = '_EventRecurrenceRRULE' ORDER BY post_id`,
    );
    expect(firsts).toHaveLength(3);
    for (const { post_id } of firsts) {
      const rows = await occurrences(t, Number(post_id));
      expect(rows).toHaveLength(4);
      expectWeekly(rows);
      const read = (await t.http.get(`${EVENTS}/${rows[3].ID}`).expect(200)).body;
      expect(read).toMatchObject({ recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' }, series: { id: Number(post_id), occurrences: 4 } });
    }
    expect((await t.http.get(`${EVENTS}?start_date=2000-01-01&end_date=2100-01-01&per_page=1`).expect(200)).body.total).toBe(12);
  });

  it('refuses more occurrences than a series may have', async () => {
    await expect(
      runCommand(['seed', '--series', '1', '--occurrences', String(MAX_OCCURRENCES + 1)], t.app.get(UsersService), () => undefined, t.app),
    ).rejects.toThrow(/--occurrences must be 1 to 1000/);
  });
});
