import { Sql } from '../../src/database/sql';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, EVENTS } from './events-test-helpers';

/**
 * A series' counts and bounds (the `series` summary of each of its events) are shared under the data
 * version (src/events/series/series.reader.ts): a page rebuilt after a write that did not touch the
 * series reads them from memory; a write of the series, or of one of its occurrences alone, reads
 * them again, and the page shows what the database holds.
 */
jest.setTimeout(60_000);

let t: TestApp;
const LIST = `${EVENTS}?start_date=2035-01-01&end_date=2035-12-31&per_page=50`;

beforeAll(async () => {
  t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
});
afterAll(() => t.close());

/** The page, and whether its build read the series' counts. */
async function page(): Promise<{ summaries: unknown[]; counted: boolean }> {
  const spy = jest.spyOn(Sql.prototype, 'rows');
  try {
    const res = await t.http.get(LIST).expect(200);
    const counted = spy.mock.calls.some(([text]) => /AS series, COUNT\(\*\) AS n/.test(String(text)));
    return { summaries: res.body.events.map((event: { series?: unknown }) => event.series ?? null), counted };
  } finally {
    spy.mockRestore();
  }
}

const write = async (path: string, body: Record<string, unknown>, status = 200) =>
  (await t.http.post(path).set('Authorization', ADMIN).send(body).expect(status)).body as { id: number };

test('a page rebuilt after a write elsewhere reads its series from memory; a write of the series reads it again', async () => {
  const series = await write(
    EVENTS,
    { title: 'Weekly', start_date: '2035-03-01 10:00:00', end_date: '2035-03-01 11:00:00', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' } },
    201,
  );
  const single = await write(EVENTS, { title: 'Single', start_date: '2035-03-02 10:00:00', end_date: '2035-03-02 11:00:00' }, 201);
  const first = await page();
  expect(first.counted).toBe(true);
  expect(first.summaries.filter(Boolean)).toHaveLength(3);

  // A write of another event rebuilds the page (it holds that event), not the series' summary.
  await write(`${EVENTS}/${single.id}`, { start_date: '2035-03-09 10:00:00', end_date: '2035-03-09 11:00:00' });
  const rebuilt = await page();
  expect(rebuilt.counted).toBe(false);
  expect(rebuilt.summaries.filter(Boolean)).toEqual(first.summaries.filter(Boolean));
  expect(rebuilt.summaries).not.toEqual(first.summaries);

  // An occurrence moved alone: the series' last start moves, read again.
  const occurrences = (await t.http.get(LIST).expect(200)).body.events.filter((event: { series?: { id: number } }) => event.series?.id === series.id);
  await write(`${EVENTS}/${occurrences[2].id}`, { start_date: '2035-04-30 10:00:00', end_date: '2035-04-30 11:00:00' });
  const moved = await page();
  expect(moved.counted).toBe(true);
  expect(moved.summaries.filter(Boolean)).toEqual(Array(3).fill(expect.objectContaining({ id: series.id, occurrences: 3, last: '2035-04-30 10:00:00' })));

  // The whole series trimmed to two: read again.
  await write(`${EVENTS}/${series.id}`, { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2' } });
  const trimmed = await page();
  expect(trimmed.counted).toBe(true);
  expect(trimmed.summaries.filter(Boolean).every((summary) => (summary as { occurrences: number }).occurrences === 2)).toBe(true);
});
