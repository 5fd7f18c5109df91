import type { Response } from 'supertest';
import { Sql } from '../../src/database/sql';
import { EventsReadService } from '../../src/events/events-read.service';
import { FrontReads, FrontRequest } from '../../src/rest/front-reads';
import { setPostColumns } from './linked-posts-test-helpers';
import { apiWriter } from '../support/api-writer';
import { rawGet } from '../support/raw-answer';
import { LoginThrottle } from '../../src/auth/login-throttle.service';
import { ADMIN, BASE, basic, EXAMPLE_BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { sharedTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Issue #32, the front road (src/app/front-reads.road.ts): without a response cache, an anonymous
 * `GET /events/{id}` or `/events/by-slug/{slug}` of an event every caller sees alike is answered
 * before Express from its read model row, with the headers the route sent for the same shape of
 * request: byte for byte the route's answer. Everything else goes the whole road, as before.
 */
jest.setTimeout(120_000);

const EVENTS = `${BASE}/events`;
/** Headers of one request only. */
const PER_REQUEST = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);

let database: TestDatabase;
let cleanup: () => Promise<void>;
let t: TestApp;
/** The same database behind CORS_ORIGINS: the front's answers carry the route's CORS headers. */
let cors: TestApp;

beforeAll(async () => {
  ({ database, cleanup } = await sharedTestDatabase('front-reads-'));
  t = await startTestApp({ database, env: { RESPONSE_CACHE_TTL_SECONDS: '0' } });
  cors = await startTestApp({ database, env: { RESPONSE_CACHE_TTL_SECONDS: '0', CORS_ORIGINS: 'https://app.example.org' } });
});
afterAll(async () => {
  await t?.close();
  await cors?.close();
  await cleanup?.();
});

const { post, event } = apiWriter(() => t, '2035-03');

/** A GET with its body as raw text, or a HEAD. */
function get(app: TestApp, path: string, headers: Record<string, string> = {}, method: 'get' | 'head' = 'get') {
  const request = method === 'head' ? app.http.head(path) : rawGet(app.http, path);
  for (const [name, value] of Object.entries(headers)) void request.set(name, value);
  return request;
}

function sharedHeaders(res: Response): Record<string, unknown> {
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.has(name)));
}

/** `path` with one more query parameter. */
function withParam(path: string, param: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${param}`;
}

/** Counts the answers the front reads give (FrontReads.match handing out reads that record what they answer). */
function watchFrontReads() {
  const match = FrontReads.prototype.match;
  let answers = 0;
  const spy = jest.spyOn(FrontReads.prototype, 'match').mockImplementation(function (this: FrontReads, path: string) {
    const found = match.call(this, path);
    if (!found) return found;
    const answer = async (request: FrontRequest) => {
      const given = await found.read.answer(request);
      if (given !== undefined) answers++;
      return given;
    };
    return { match: found.match, read: { path: found.read.path, answer } };
  });
  return { answers: () => answers, restore: () => spy.mockRestore() };
}

/**
 * `path` asked twice by the same client: the first answer teaches the front the route's headers, the
 * second is the front's when `answered`; then the route's own answer to the same request (`_road`: a
 * parameter the front leaves to the route and the route ignores).
 */
async function frontAndRoute(app: TestApp, path: string, headers: Record<string, string> = {}) {
  await get(app, path, headers);
  const fronts = watchFrontReads();
  try {
    const front = await get(app, path, headers);
    const answered = fronts.answers() === 1;
    const route = await get(app, withParam(path, '_road=whole'), headers);
    expect(fronts.answers()).toBe(answered ? 1 : 0);
    return { front, route, answered };
  } finally {
    fronts.restore();
  }
}

function expectSameAnswer(front: Response, route: Response): void {
  expect(front.status).toBe(route.status);
  expect(front.body).toBe(route.body);
  expect(sharedHeaders(front)).toEqual(sharedHeaders(route));
}

describe('front reads: a single event from its read model row', () => {
  let hall: number;
  let plain: number;
  let slug: string;
  let protectedEvent: number;
  let atDraftVenue: number;
  let draft: number;

  beforeAll(async () => {
    hall = await post(`${BASE}/venues`, { venue: 'Front Hall', city: 'Bergen' });
    const draftVenue = await post(`${BASE}/venues`, { venue: 'Front Hall to be', city: 'Bergen', status: 'draft' });
    const organizer = await post(`${BASE}/organizers`, { organizer: 'Front Org' });
    plain = await event('On the front road', { venue: hall, organizer, categories: ['Front talks'], tags: ['front'], cost: '12' });
    atDraftVenue = await event('At a hall not yet open', { venue: draftVenue });
    protectedEvent = await event('Behind a password');
    await setPostColumns(t, protectedEvent, { post_password: 'Sesame' });
    draft = await event('Not yet published', { status: 'draft' });
    slug = (await t.http.get(`${EVENTS}/${plain}`).expect(200)).body.slug;
  });

  it('answers a published event by ID and by slug with the route’s exact body and headers', async () => {
    for (const path of [`${EVENTS}/${plain}`, `${EVENTS}/by-slug/${slug}`]) {
      const { front, route, answered } = await frontAndRoute(t, path);
      expect(answered).toBe(true);
      expect(front.status).toBe(200);
      expectSameAnswer(front, route);
      expect(JSON.parse(front.body as string)).toMatchObject({ id: plain, title: 'On the front road', venue: { id: hall } });
    }
  });

  it('answers HEAD, and If-None-Match with a 304', async () => {
    const path = `${EVENTS}/${plain}`;
    const { front } = await frontAndRoute(t, path);
    const head = await get(t, path, {}, 'head').expect(200);
    expect(sharedHeaders(head)).toEqual(sharedHeaders(front));
    expect(head.text ?? '').toBe('');
    const routes = jest.spyOn(EventsReadService.prototype, 'answer');
    try {
      const unchanged = await get(t, path, { 'If-None-Match': front.headers.etag as string });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.etag).toBe(front.headers.etag);
      expect(routes).not.toHaveBeenCalled();
    } finally {
      routes.mockRestore();
    }
  });

  it('hands on what a caller may see differently: a password, a linked record not published, a draft, an unknown ID', async () => {
    for (const id of [protectedEvent, atDraftVenue, draft, 987654321]) {
      const { front, route, answered } = await frontAndRoute(t, `${EVENTS}/${id}`);
      expect(answered).toBe(false);
      expectSameAnswer(front, route);
    }
    const unknown = await get(t, `${EVENTS}/987654321`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body as string).code).toBe('rest-event-not-found');
  });

  it('refuses an unknown ID (404) or another type’s (400) after one more read of the post, not the whole road', async () => {
    const spy = jest.spyOn(Sql.prototype, 'rows');
    try {
      for (const [id, status, code] of [
        [987654322, 404, 'rest-event-not-found'],
        [hall, 400, 'rest-invalid-event-id'],
      ] as const) {
        spy.mockClear();
        const res = await get(t, `${EVENTS}/${id}?_road=whole`);
        expect(res.status).toBe(status);
        expect(JSON.parse(res.body as string).code).toBe(code);
        // The text's fill reads the post with its meta and terms and builds no row; the refusal reads the post alone.
        const postReads = spy.mock.calls.filter(([text]) => /FROM \S*posts\S* WHERE ID IN/.test(text));
        expect(postReads).toHaveLength(2);
        expect(spy.mock.calls.length).toBeLessThanOrEqual(7);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('hands on credentials other than a login, a query, another representation and a malformed or unknown slug', async () => {
    const cases: [string, Record<string, string>][] = [
      [`${EVENTS}/${plain}`, { Authorization: 'Bearer not-a-login' }],
      [`${EVENTS}/${plain}`, { Accept: 'text/calendar' }],
      [`${EVENTS}/by-slug/%E0%A4%A`, {}],
      [`${EVENTS}/by-slug/no-such-front-event`, {}],
      [`${EVENTS}/by-slug/%2F%2F`, {}],
    ];
    for (const [path, headers] of cases) {
      const { front, route, answered } = await frontAndRoute(t, path, headers);
      expect(answered).toBe(false);
      expect(front.status).toBe(route.status);
      expect(front.body).toBe(route.body);
    }
    const routes = jest.spyOn(EventsReadService.prototype, 'answer');
    try {
      const fields = await get(t, `${EVENTS}/${plain}?_fields=id`).expect(200);
      expect(JSON.parse(fields.body as string)).toEqual({ id: plain });
      expect(routes).toHaveBeenCalledTimes(1);
    } finally {
      routes.mockRestore();
    }
  });

  it('gives a write’s result in the next answer', async () => {
    const path = `${EVENTS}/${plain}`;
    await frontAndRoute(t, path);
    await t.http.post(path).set('Authorization', ADMIN).send({ title: 'On the front road, renamed' }).expect(200);
    const { front, route, answered } = await frontAndRoute(t, path);
    expect(answered).toBe(true);
    expectSameAnswer(front, route);
    expect(JSON.parse(front.body as string).title).toBe('On the front road, renamed');
  });

  it('keeps the route’s CORS headers, for each origin apart', async () => {
    const path = `${EVENTS}/${plain}`;
    for (const origin of ['https://app.example.org', 'https://elsewhere.example.org']) {
      const { front, route, answered } = await frontAndRoute(cors, path, { Origin: origin });
      expect(answered).toBe(true);
      expectSameAnswer(front, route);
    }
    const allowed = await get(cors, path, { Origin: 'https://app.example.org' });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.org');
    const other = await get(cors, path, { Origin: 'https://elsewhere.example.org' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('stays right under a stream of shapes no one asks twice (hostile Accept-Language values)', async () => {
    const path = `${EVENTS}/${plain}`;
    const { route } = await frontAndRoute(t, path);
    for (let i = 0; i < 300; i++) {
      const answer = await get(t, path, { 'Accept-Language': `x-${i}` }).expect(200);
      expect(answer.body).toBe(route.body);
    }
    const { front, answered } = await frontAndRoute(t, path);
    expect(answered).toBe(true);
    expectSameAnswer(front, route);
  });
});

describe('front reads: a caller logged in with Basic credentials', () => {
  const PRIVATE = 'no-cache, must-revalidate, max-age=0, no-store, private';
  let plain: number;
  let slug: string;
  let draft: number;

  beforeAll(async () => {
    plain = await event('For callers too', { categories: ['Caller talks'] });
    draft = await event('A draft for callers', { status: 'draft' });
    slug = (await t.http.get(`${EVENTS}/${plain}`).expect(200)).body.slug;
  });

  it('answers an administrator’s single reads and lists with the route’s exact body and headers, the private caching ones included', async () => {
    for (const path of [
      `${EVENTS}/${plain}`,
      `${EVENTS}/by-slug/${slug}`,
      EVENTS,
      `${EVENTS}?start_date=2035-03-01&end_date=2035-03-31&per_page=1&page=2`,
      `${BASE}/categories`,
    ]) {
      const { front, route, answered } = await frontAndRoute(t, path, { Authorization: ADMIN });
      expect({ path, answered }).toEqual({ path, answered: true });
      expectSameAnswer(front, route);
      expect(front.headers['cache-control']).toBe(PRIVATE);
      expect(front.headers.allow).toContain('POST');
    }
  });

  it('learns the headers of each set of capabilities apart: a subscriber’s Allow is its own', async () => {
    const subscriber = await userWithRole(t, 'subscriber', 'front-subscriber');
    const path = `${EVENTS}/${plain}`;
    await frontAndRoute(t, path, { Authorization: ADMIN });
    const fronts = watchFrontReads();
    try {
      await get(t, path, { Authorization: subscriber.auth }).expect(200);
      expect(fronts.answers()).toBe(0);
    } finally {
      fronts.restore();
    }
    const { front, route, answered } = await frontAndRoute(t, path, { Authorization: subscriber.auth });
    expect(answered).toBe(true);
    expectSameAnswer(front, route);
    expect(front.headers.allow).toBe('GET');
  });

  it('hands on what the caller may see apart from everyone: a draft', async () => {
    const { front, route, answered } = await frontAndRoute(t, `${EVENTS}/${draft}`, { Authorization: ADMIN });
    expect(answered).toBe(false);
    expect(front.status).toBe(200);
    expectSameAnswer(front, route);
  });

  it('logs in once per request: wrong credentials get the route’s 401, right ones the front’s answer', async () => {
    const path = `${EVENTS}/${plain}`;
    await frontAndRoute(t, path, { Authorization: ADMIN });
    const attempts = jest.spyOn(LoginThrottle.prototype, 'attempt');
    const fronts = watchFrontReads();
    try {
      const refused = await get(t, path, { Authorization: basic('admin', 'not-the-password') });
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body as string).code).toBe('incorrect_password');
      expect(attempts).toHaveBeenCalledTimes(1);
      await get(t, path, { Authorization: ADMIN }).expect(200);
      expect(attempts).toHaveBeenCalledTimes(2);
      expect(fronts.answers()).toBe(1);
    } finally {
      attempts.mockRestore();
      fronts.restore();
    }
  });
});

describe('front reads: the lists, by their own handlers', () => {
  const { post: add, event: listed } = apiWriter(() => t, '2035-05');
  let venue: number;

  beforeAll(async () => {
    venue = await add(`${BASE}/venues`, { venue: 'List Hall', city: 'Tromsø' });
    const organizer = await add(`${BASE}/organizers`, { organizer: 'List Org' });
    for (let i = 1; i <= 3; i++) await listed(`Listed ${i}`, { venue, organizer, categories: ['List talks'], tags: ['listed'] });
  });

  it('answers every list, its pages and filters with the route’s exact body and headers', async () => {
    const paths = [
      `${EVENTS}`,
      `${EVENTS}?start_date=2035-05-01&end_date=2035-05-31&per_page=1&page=2`,
      `${EVENTS}?start_date=2035-05-01&end_date=2035-05-31&venue=${venue}`,
      `${EVENTS}?start_date=2035-01-01&end_date=2035-12-31&search=Listed&per_page=2`,
      `${BASE}/venues`,
      `${BASE}/venues?per_page=1&page=2`,
      `${BASE}/organizers`,
      `${BASE}/categories`,
      `${BASE}/tags?per_page=1&page=2`,
      `${EXAMPLE_BASE}/series`,
    ];
    for (const path of paths) {
      const { front, route, answered } = await frontAndRoute(t, path);
      expect({ path, answered }).toEqual({ path, answered: true });
      expect(front.status).toBe(200);
      expectSameAnswer(front, route);
    }
    const page = await get(t, paths[1]);
    expect(page.headers.link).toMatch(/rel="prev".*rel="next"|rel="next".*rel="prev"/s);
    expect(page.headers['x-wp-total']).toBe('3');
  });

  it('hands on a bad parameter, a page beyond the last, another representation and the global parameters', async () => {
    const cases: [string, Record<string, string>][] = [
      [`${EVENTS}?per_page=0`, {}],
      [`${EVENTS}?start_date=not-a-date`, {}],
      [`${EVENTS}?start_date=2035-05-01&end_date=2035-05-31&page=99`, {}],
      [`${BASE}/venues?page=99`, {}],
      [`${EVENTS}?start_date=2035-05-01&end_date=2035-05-31`, { Accept: 'text/calendar' }],
      [`${EVENTS}?_fields=id`, {}],
      [`${EVENTS}?_envelope`, {}],
      [`${EVENTS}?context=edit`, {}],
      [`${BASE}/venues`, { Authorization: 'Bearer not-a-login' }],
    ];
    for (const [path, headers] of cases) {
      const { front, route, answered } = await frontAndRoute(t, path, headers);
      expect({ path, answered }).toEqual({ path, answered: false });
      expect(front.status).toBe(route.status);
      expect(front.body).toBe(route.body);
    }
  });

  it('keeps a list’s total in the read model as the route does (what the list shows is declared first)', async () => {
    // Every count kept, however cheap: a total the front counted without knowing what the list shows would not be.
    const keeping = await startTestApp({ database, env: { RESPONSE_CACHE_TTL_SECONDS: '0', READ_MODEL_TOTAL_MIN_MS: '0' } });
    try {
      const path = `${EVENTS}?start_date=2035-05-02&end_date=2035-05-30`;
      await get(keeping, `${EVENTS}?start_date=2035-05-03&end_date=2035-05-29`); // teaches the front the shape, counting another window
      const spy = jest.spyOn(Sql.prototype, 'rows');
      try {
        const fronts = watchFrontReads();
        const first = await get(keeping, path);
        const again = await get(keeping, path);
        expect(fronts.answers()).toBe(2);
        fronts.restore();
        expect(again.body).toBe(first.body);
        expect(spy.mock.calls.filter(([text]) => /SELECT COUNT/i.test(text))).toHaveLength(1);
      } finally {
        spy.mockRestore();
      }
    } finally {
      await keeping.close();
    }
  });

  it('gives the origin the request came to, behind a trusted proxy too', async () => {
    const proxied = await startTestApp({ database, env: { RESPONSE_CACHE_TTL_SECONDS: '0', TRUST_PROXY: 'true', SITE_URL: '' } });
    // One port for every request (supertest would listen anew for each): the links follow the Host header.
    await proxied.app.listen(0, '127.0.0.1');
    try {
      const behindProxy: Record<string, string>[] = [
        {},
        { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'calendar.example.org', Host: 'calendar.example.org' },
      ];
      for (const headers of behindProxy) {
        const { front, route, answered } = await frontAndRoute(proxied, `${BASE}/venues?per_page=1`, headers);
        expect(answered).toBe(true);
        expectSameAnswer(front, route);
      }
      // The API root's link follows the request here (no SITE_URL): learned for this host and scheme apart.
      const secure = await get(proxied, `${BASE}/venues?per_page=1`, { 'X-Forwarded-Proto': 'https', Host: 'calendar.example.org' });
      expect(secure.headers.link).toContain('<https://calendar.example.org/wp-json/>');
      const plain = await get(proxied, `${BASE}/venues?per_page=1`);
      expect(plain.headers.link).toContain('<http://127.0.0.1:');
    } finally {
      await proxied.close();
    }
  });
});
