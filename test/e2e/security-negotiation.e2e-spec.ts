import { representationOf } from '../../src/rest/representation';
import { BASE, startTestApp, TestApp } from '../support/test-app';
import { created } from './site-test-helpers';

// Issue #22, item 1: cache poisoning through `Accept`. The event list answers iCalendar only to a
// client that names `text/calendar` (src/rest/representation.ts), and the response cache keys on that
// choice, so no request can leave another representation in the cache for a different request.
const JSON_TYPE = 'application/json; charset=UTF-8';
const ICAL_TYPE = 'text/calendar; charset=UTF-8';
const YEAR = new Date().getUTCFullYear() + 1;

/** Headers that never choose iCalendar: wildcards, `q=0`, JSON ranked higher, junk. */
const JSON_ACCEPTS = [
  'text/*',
  'TEXT/*',
  '*/*',
  'application/*',
  'text/*;q=1, application/json;q=0.5',
  'text/calendar;q=0',
  'text/calendar;q=0.000, */*',
  'text/calendar;q=0.5, application/json',
  'text/calendar;q=0.5, */*',
  'text/calendar;q=0.5, application/*;q=0.9',
  'text/calendar;q=abc',
  'text/calendar;q=2',
  'text/calendarx',
  'xtext/calendar',
  'text/calendar/x',
  'text/html,application/xhtml+xml,*/*;q=0.8',
];
/** Headers that name `text/calendar` at least as high as JSON. */
const CALENDAR_ACCEPTS = [
  'text/calendar',
  'TEXT/CALENDAR',
  'text/calendar; charset=utf-8',
  ' text/calendar ;Q=0.7 , application/json;q=0.7',
  'application/json;q=0.5, text/calendar',
  'text/calendar, */*;q=0.8',
  'text/*;q=0.1, text/calendar;q=0.2',
];

describe('security: the negotiated event list (issue #22, Accept)', () => {
  let t: TestApp;
  let n = 0;
  /** A list URL of its own (a fresh cache entry) for each case. */
  const freshList = () => `${BASE}/events?per_page=${++n}`;
  const typeOf = async (url: string, accept?: string, method: 'get' | 'head' = 'get') => {
    const req = t.http[method](url);
    const res = await (accept === undefined ? req : req.set('Accept', accept)).expect(200);
    expect(res.headers.vary).toMatch(/\bAccept\b/);
    return res.headers['content-type'];
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
    await created(t, 'events', { title: 'Negotiated', start_date: `${YEAR}-03-01 10:00:00`, end_date: `${YEAR}-03-01 11:00:00` });
  });
  afterAll(() => t.close());

  it('the chooser says JSON for wildcards, q=0, JSON ranked higher and junk; iCalendar when named first', () => {
    for (const accept of [undefined, '', ...JSON_ACCEPTS]) expect([accept, representationOf(accept)]).toEqual([accept, 'json']);
    for (const accept of CALENDAR_ACCEPTS) expect([accept, representationOf(accept)]).toEqual([accept, 'calendar']);
  });

  it('the issue’s sequence: after Accept: text/* (GET or HEAD), a plain request still gets JSON', async () => {
    for (const method of ['get', 'head'] as const) {
      const url = freshList();
      await t.http[method](url).set('Accept', 'text/*');
      expect(await typeOf(url)).toBe(JSON_TYPE);
    }
  });

  it.each(JSON_ACCEPTS)('Accept: %s gets JSON, and leaves JSON in the cache for everyone', async (accept) => {
    for (const method of ['get', 'head'] as const) {
      const url = freshList();
      expect(await typeOf(url, accept, method)).toBe(JSON_TYPE);
      expect(await typeOf(url)).toBe(JSON_TYPE);
      expect(await typeOf(url, 'application/json')).toBe(JSON_TYPE);
      expect(await typeOf(url, accept)).toBe(JSON_TYPE);
    }
  });

  it.each(CALENDAR_ACCEPTS)('Accept: %s gets iCalendar, kept apart from the JSON answer', async (accept) => {
    for (const method of ['get', 'head'] as const) {
      const url = freshList();
      expect(await typeOf(url, accept, method)).toBe(ICAL_TYPE);
      expect(await typeOf(url)).toBe(JSON_TYPE);
      expect(await typeOf(url, 'text/*')).toBe(JSON_TYPE);
      expect(await typeOf(url, accept)).toBe(ICAL_TYPE); // the cached calendar, Vary: Accept included
      expect(await typeOf(url, 'text/calendar')).toBe(ICAL_TYPE);
      // Stored by a HEAD or a GET, the entry gives a GET the whole calendar.
      expect((await t.http.get(url).set('Accept', accept).expect(200)).text).toMatch(/^BEGIN:VCALENDAR[\s\S]*SUMMARY:Negotiated/);
    }
  });

  it('the other spellings of the list URL cannot be poisoned either: ?rest_route=, /{lang}/, _fields, _envelope', async () => {
    for (const url of [
      '/?rest_route=/tribe/events/v1/events&per_page=7',
      `/fr${BASE}/events?per_page=7`,
      `${BASE}/events?_fields=events.title&per_page=7`,
      `${BASE}/events?_envelope&per_page=7`,
    ]) {
      expect(await typeOf(url, 'text/*')).toBe(JSON_TYPE);
      expect(await typeOf(url, '*/*')).toBe(JSON_TYPE);
      expect(await typeOf(url)).toBe(JSON_TYPE);
      expect(await typeOf(url, 'text/calendar')).toBe(ICAL_TYPE);
      expect(await typeOf(url)).toBe(JSON_TYPE);
    }
    const enveloped = await t.http.get(`${BASE}/events?_envelope&per_page=7`).set('Accept', 'text/*').expect(200);
    expect(enveloped.body.body.events.map((e: { title: string }) => e.title)).toEqual(['Negotiated']);
  });

  it('Accept-Language is keyed as sent: a French answer never reaches an English or a plain request', async () => {
    const indexIn = async (language?: string) => {
      const req = t.http.get(BASE);
      const body = JSON.stringify((await (language === undefined ? req : req.set('Accept-Language', language)).expect(200)).body);
      // The end_date default is "now + 2 years" to the second: two answers computed a second apart differ there.
      return body.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, 'DATE');
    };
    const english = await indexIn('en');
    const french = await indexIn('fr');
    expect(french).not.toBe(english);
    expect(await indexIn()).toBe(english);
    expect(await indexIn('en')).toBe(english);
    expect(await indexIn('fr')).toBe(french);
  });

  it('an answer translated from Accept-Language says Vary: Accept-Language to shared caches; a /{lang}/ one need not', async () => {
    const plain = await t.http.get(BASE).set('Accept-Language', 'fr').expect(200);
    expect(plain.headers.vary).toMatch(/\bAccept-Language\b/);
    const hit = await t.http.get(BASE).set('Accept-Language', 'fr').expect(200);
    expect(hit.headers.vary).toMatch(/\bAccept-Language\b/);
    const prefixed = await t.http.get(BASE.replace('/wp-json', '/fr/wp-json')).expect(200);
    expect(prefixed.headers.vary ?? '').not.toMatch(/\bAccept-Language\b/);
  });

  it('a very long or malformed Accept is answered, never with a server error', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `text/x-${i};q=0.${i % 10}`).join(', ');
    for (const accept of [long, `${long}, text/calendar`, ';;;,,,/', 'text/calendar;q=', 'text/calendar;=;q=1']) {
      const url = freshList();
      const expected = representationOf(accept) === 'calendar' ? ICAL_TYPE : JSON_TYPE;
      expect(await typeOf(url, accept)).toBe(expected);
      expect(await typeOf(url)).toBe(JSON_TYPE);
    }
  });
});
