import { EventTexts } from '../../src/events/read/event-texts';
import { EventsReadService } from '../../src/events';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// Term counts put in at replay (docs/caching.md): an event's categories and tags show each term's
// count, which moves with every event that joins or leaves the term. A kept answer holds the counts'
// places and has the current counts put in when it is replayed, so such a write retires only what it
// shows otherwise — and the replayed answer is byte for byte the one the route would give now.
const EVENTS = `${BASE}/events`;
const WINDOW = 'start_date=2030-01-01&end_date=2030-12-31';
const at = (day: number) => ({ start_date: `2030-03-${String(day).padStart(2, '0')} 10:00:00`, end_date: `2030-03-${String(day).padStart(2, '0')} 11:00:00` });

describe('response cache: term counts put in at replay', () => {
  let t: TestApp;
  let busy: number;
  let quiet: number;
  let eventId: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
    const category = async (name: string) => (await t.http.post(`${BASE}/categories`).set('Authorization', ADMIN).send({ name }).expect(201)).body.id as number;
    [busy, quiet] = [await category('Busy'), await category('Quiet')];
    eventId = (
      await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ title: 'Kept', ...at(1), categories: [busy, quiet] })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const countOf = (event: { categories: { id: number; count: number }[] }, id: number) => event.categories.find((c) => c.id === id)?.count;
  const join = async (day: number) =>
    (
      await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ title: `Joins ${day}`, ...at(day), categories: [busy] })
        .expect(201)
    ).body.id as number;

  it('replays a single read with the moved count, its ETag and length those of the answer computed now', async () => {
    const first = await t.http.get(`${EVENTS}/${eventId}`).expect(200);
    expect(countOf(first.body, busy)).toBe(1);
    const built = jest.spyOn(t.app.get(EventTexts), 'single');
    try {
      const other = await join(2);
      const replayed = await t.http.get(`${EVENTS}/${eventId}`).expect(200);
      // Not built again: the kept answer, its count put in.
      expect(built).not.toHaveBeenCalled();
      expect(countOf(replayed.body, busy)).toBe(2);
      expect(countOf(replayed.body, quiet)).toBe(1);
      // The same read under another key is computed now: the same bytes, the same ETag.
      const computed = await t.http.get(`${EVENTS}/${eventId}?computed=1`).expect(200);
      expect(built).toHaveBeenCalledTimes(1);
      expect(replayed.text).toBe(computed.text);
      expect(replayed.headers.etag).toBe(computed.headers.etag);
      expect(replayed.headers.etag).not.toBe(first.headers.etag);
      expect(Number(replayed.headers['content-length'])).toBe(Buffer.byteLength(replayed.text));
      await t.http.get(`${EVENTS}/${eventId}`).set('If-None-Match', first.headers.etag).expect(200);
      await t.http.get(`${EVENTS}/${eventId}`).set('If-None-Match', replayed.headers.etag).expect(304);
      expect(built).toHaveBeenCalledTimes(1);

      // Down again, and a count of two digits back to one: the places move with the lengths.
      for (let day = 3; day <= 11; day++) await join(day);
      expect(countOf((await t.http.get(`${EVENTS}/${eventId}`).expect(200)).body, busy)).toBe(11);
      await t.http.delete(`${EVENTS}/${other}`).set('Authorization', ADMIN).expect(200);
      const down = await t.http.get(`${EVENTS}/${eventId}`).expect(200);
      expect(countOf(down.body, busy)).toBe(10);
      expect(down.text).toBe((await t.http.get(`${EVENTS}/${eventId}?computed=2`).expect(200)).text);
      expect(built).toHaveBeenCalledTimes(2);
    } finally {
      built.mockRestore();
    }
  });

  it('keeps a list the write does not change, with the moved counts of its events put in', async () => {
    const list = `${EVENTS}?${WINDOW}&categories=${quiet}`;
    const before = await t.http.get(list).expect(200);
    expect(before.body.events.map((e: { id: number }) => e.id)).toEqual([eventId]);
    const pages = jest.spyOn(t.app.get(EventsReadService), 'answerPage');
    try {
      await join(20);
      const replayed = await t.http.get(list).expect(200);
      expect(pages).not.toHaveBeenCalled();
      expect(countOf(replayed.body.events[0], busy)).toBe(countOf(before.body.events[0], busy)! + 1);
      const computed = await t.http.get(`${list}&computed=1`).expect(200);
      expect(pages).toHaveBeenCalledTimes(1);
      expect(replayed.text).toBe(computed.text);
      expect(replayed.headers.etag).toBe(computed.headers.etag);
    } finally {
      pages.mockRestore();
    }
  });

  it('retires an answer that shows counts as values (`_fields`) as before', async () => {
    const path = `${EVENTS}/${eventId}?_fields=id,categories`;
    const before = countOf((await t.http.get(path).expect(200)).body, busy)!;
    await join(21);
    expect(countOf((await t.http.get(path).expect(200)).body, busy)).toBe(before + 1);
  });
});
