import { AuthService } from '../../src/auth/auth.service';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// The request road (docs/architecture.md, src/app/request-road.ts): the steps before routing are
// declared in one ordered list, and the order matters where one step's answer depends on another's.
const ROAD = [
  'request log',
  'security headers',
  'URL length limit',
  'language prefix and REST root',
  'method override',
  'JSON body',
  'JSON parse',
  'form body',
  'multipart body',
  'standard headers',
  'authentication',
  'large upload body',
  'request scope',
  'response cache',
  'Allow and OPTIONS',
];

/** The names of the layers of the Express stack, in the order Express runs them. */
function expressStack(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: { name: string }[] } };
  return express.router.stack.map((layer) => layer.name);
}

/** The road's steps as Express runs them: from the first one to the last one declared. */
function roadIn(stack: string[]): string[] {
  const first = stack.indexOf(ROAD[0]);
  return stack.slice(first, stack.lastIndexOf(ROAD[ROAD.length - 1]) + 1);
}

describe('request road: the declared steps are the Express stack before the routes', () => {
  it('runs the steps in the declared order, before every route', async () => {
    const t = await startTestApp();
    try {
      const stack = expressStack(t);
      expect(roadIn(stack)).toEqual(ROAD);
      // Only Nest's own request hook precedes the road; routes (Swagger UI's, Nest's) all follow it.
      expect(stack.indexOf(ROAD[0])).toBeLessThanOrEqual(1);
      expect(stack.slice(stack.indexOf(ROAD[ROAD.length - 1]) + 1).filter((name) => ROAD.includes(name))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('places CORS, when configured, right after the security headers', async () => {
    const t = await startTestApp({ env: { CORS_ORIGINS: 'https://calendar.example' } });
    try {
      expect(roadIn(expressStack(t))).toEqual([...ROAD.slice(0, 2), 'CORS', ...ROAD.slice(2)]);
    } finally {
      await t.close();
    }
  });
});

describe('request road: the response cache front comes before every step', () => {
  let t: TestApp;
  let authentications: jest.SpyInstance;
  let eventId: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
    const created = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title: 'Road', start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 11:00:00' })
      .expect(201);
    eventId = created.body.id;
    // Observes the real authentication (it is called for anonymous requests too), changes nothing.
    authentications = jest.spyOn(t.app.get(AuthService), 'authenticate');
  });
  afterAll(() => t.close());
  beforeEach(() => authentications.mockClear());

  it('answers a cache hit without reaching authentication; a miss reaches it', async () => {
    const path = `${BASE}/events/${eventId}`;
    const first = await t.http.get(path).expect(200);
    expect(authentications).toHaveBeenCalledTimes(1);
    const hit = await t.http.get(path).expect(200);
    expect(hit.text).toBe(first.text);
    expect(authentications).toHaveBeenCalledTimes(1);
    await t.http.get(`${path}?road=miss`).expect(200);
    expect(authentications).toHaveBeenCalledTimes(2);
  });

  it('lets a method override through the front: it applies before routing, the stored GET is not replayed', async () => {
    const path = `${BASE}/events/${eventId}`;
    await t.http.get(path).expect(200);
    const before = authentications.mock.calls.length;
    const overridden = await t.http.get(path).set('X-HTTP-Method-Override', 'DELETE');
    // Routed as DELETE, anonymously: refused, not the cached event.
    expect(overridden.status).toBe(401);
    expect(overridden.body.id).toBeUndefined();
    expect(authentications.mock.calls.length).toBe(before + 1);
    expect((await t.http.get(`${path}?_method=DELETE`)).status).toBe(401);
    expect((await t.http.get(path).expect(200)).body.title).toBe('Road');
  });

  it('keys the cache on the URL as it arrived: the language prefix, rewritten after the front, keeps its own answer', async () => {
    const english = await t.http.get(`${BASE}`).expect(200);
    const french = await t.http.get(`/fr${BASE}`).expect(200);
    expect(french.text).not.toBe(english.text);
    expect(authentications).toHaveBeenCalledTimes(2);
    // Both are now stored: each is answered from its own entry, before the rewrite and authentication.
    expect((await t.http.get(`/fr${BASE}`).expect(200)).text).toBe(french.text);
    expect((await t.http.get(`${BASE}`).expect(200)).text).toBe(english.text);
    expect(authentications).toHaveBeenCalledTimes(2);
  });
});
