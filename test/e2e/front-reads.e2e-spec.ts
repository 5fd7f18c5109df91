import type { Response } from 'supertest';
import { Sql } from '../../src/database/sql';
import { EventsReadService } from '../../src/events/events-read.service';
import { setPostColumns } from './linked-posts-test-helpers';
import { apiWriter } from '../support/api-writer';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
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

/** A GET (or HEAD) with its body as raw text. */
function get(app: TestApp, path: string, headers: Record<string, string> = {}, method: 'get' | 'head' = 'get') {
  const request = app.http[method](path).buffer(true);
  for (const [name, value] of Object.entries(headers)) void request.set(name, value);
  if (method === 'head') return request;
  return request.parse((res, done) => {
    let text = '';
    res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    res.on('end', () => done(null, text));
  });
}

function sharedHeaders(res: Response): Record<string, unknown> {
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.has(name)));
}

/**
 * `path` asked twice by the same client: the first answer teaches the front the route's headers, the
 * second is the front's when `answered`; then the route's own answer (with a query the route ignores, so never the front's).
 */
async function frontAndRoute(app: TestApp, path: string, headers: Record<string, string> = {}) {
  await get(app, path, headers);
  const routes = jest.spyOn(EventsReadService.prototype, 'answer');
  const fronts = jest.spyOn(EventsReadService.prototype, 'storedAnswer');
  try {
    const front = await get(app, path, headers);
    const asked = fronts.mock.calls.length;
    const answered = routes.mock.calls.length === 0 && asked === 1;
    const route = await get(app, `${path}?road=whole`, headers);
    expect(fronts).toHaveBeenCalledTimes(asked);
    return { front, route, answered };
  } finally {
    routes.mockRestore();
    fronts.mockRestore();
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
        const res = await get(t, `${EVENTS}/${id}?road=whole`);
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

  it('hands on credentials, a query, another representation and a malformed or unknown slug', async () => {
    const cases: [string, Record<string, string>][] = [
      [`${EVENTS}/${plain}`, { Authorization: ADMIN }],
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
