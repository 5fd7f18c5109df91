import http, { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { Sql, SqlParam } from '../../src/database/sql';
import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { insertEvent } from './events-test-helpers';

// The response cache (issue #6): anonymous answers are never stale after a write made through the
// service; a write made straight to the database (as WordPress does) shows after the TTL, or at once
// when the data version is bumped; authenticated callers never share the anonymous cache (their own
// answers: http-cache-authenticated.e2e-spec.ts).
const EVENTS = `${BASE}/events`;
const VENUES = `${BASE}/venues`;
const CATEGORIES = `${BASE}/categories`;
const TAGS = `${BASE}/tags`;
const WINDOW = 'start_date=2030-01-01&end_date=2030-12-31';

const event = (title: string, extra: Record<string, unknown> = {}) => ({ title, start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 11:00:00', ...extra });

async function created(t: TestApp, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.http.post(path).set('Authorization', ADMIN).send(body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A title change made with SQL, as WordPress itself would write it (no version bump). */
async function retitleDirectly(t: TestApp, id: number, title: string): Promise<void> {
  await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_title = ? WHERE ID = ?`, [title, id]);
}

describe('response cache: writes through the service are seen at once (TTL one hour)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
  });
  afterAll(() => t.close());

  const titles = async (path: string) => (await t.http.get(path).expect(200)).body.events.map((e: { title: string }) => e.title);

  it('events: create, update and delete show in the warmed list and single answers', async () => {
    expect(await titles(`${EVENTS}?${WINDOW}`)).toEqual([]);
    const id = await created(t, EVENTS, event('First'));
    expect(await titles(`${EVENTS}?${WINDOW}`)).toEqual(['First']);
    expect((await t.http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('First');

    await t.http.post(`${EVENTS}/${id}`).set('Authorization', ADMIN).send({ title: 'Renamed' }).expect(200);
    expect(await titles(`${EVENTS}?${WINDOW}`)).toEqual(['Renamed']);
    expect((await t.http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('Renamed');
    expect((await t.http.head(`${EVENTS}/${id}`).expect(200)).headers['content-length']).toBe((await t.http.get(`${EVENTS}/${id}`)).headers['content-length']);

    await t.http.delete(`${EVENTS}/${id}`).set('Authorization', ADMIN).expect(200);
    expect(await titles(`${EVENTS}?${WINDOW}`)).toEqual([]);
    expect((await t.http.get(`${EVENTS}/${id}`)).status).not.toBe(200);
  });

  it('venues: create, update (also inside the event that embeds it) and delete', async () => {
    const venues = async () => (await t.http.get(VENUES).expect(200)).body.venues.map((v: { venue: string }) => v.venue);
    const before = await venues();
    const id = await created(t, VENUES, { venue: 'Hall' });
    expect(await venues()).toEqual([...before, 'Hall']);
    const eventId = await created(t, EVENTS, event('At the hall', { venue: id }));
    expect((await t.http.get(`${EVENTS}/${eventId}`).expect(200)).body.venue.venue).toBe('Hall');
    expect((await t.http.get(`${VENUES}/${id}`).expect(200)).body.venue).toBe('Hall');

    await t.http.post(`${VENUES}/${id}`).set('Authorization', ADMIN).send({ venue: 'Big hall' }).expect(200);
    expect((await t.http.get(`${VENUES}/${id}`).expect(200)).body.venue).toBe('Big hall');
    expect((await t.http.get(`${EVENTS}/${eventId}`).expect(200)).body.venue.venue).toBe('Big hall');
    expect(await venues()).toEqual([...before, 'Big hall']);

    await t.http.delete(`${VENUES}/${id}`).set('Authorization', ADMIN).expect(200);
    expect(await venues()).toEqual(before);
  });

  it('categories and tags: create, update and delete', async () => {
    for (const collection of [CATEGORIES, TAGS]) {
      const key = collection === CATEGORIES ? 'categories' : 'tags';
      // hide_empty=0: terms without events are listed too.
      const names = async () => (await t.http.get(`${collection}?hide_empty=0`).expect(200)).body[key].map((c: { name: string }) => c.name);
      const before = await names();
      const id = await created(t, collection, { name: 'Jazz' });
      expect(await names()).toEqual([...before, 'Jazz'].sort());
      expect((await t.http.get(`${collection}/${id}`).expect(200)).body.name).toBe('Jazz');

      await t.http.post(`${collection}/${id}`).set('Authorization', ADMIN).send({ name: 'Blues' }).expect(200);
      expect((await t.http.get(`${collection}/${id}`).expect(200)).body.name).toBe('Blues');
      expect(await names()).toEqual([...before, 'Blues'].sort());

      await t.http.delete(`${collection}/${id}`).set('Authorization', ADMIN).expect(200);
      expect(await names()).toEqual(before);
      expect((await t.http.get(`${collection}/${id}`)).status).not.toBe(200);
    }
  });

  it('gives every request that misses together after a write the fresh answer', async () => {
    const list = `${EVENTS}?${WINDOW}&search=Crowd`;
    expect((await t.http.get(list).expect(200)).body.events).toEqual([]);
    await created(t, EVENTS, event('Crowd pleaser'));
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.http.get(list).expect(200)));
    expect(answers.map((res) => res.body.events.map((e: { title: string }) => e.title))).toEqual(answers.map(() => ['Crowd pleaser']));
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
  });

  it('computes a missing answer once, even when the clients that wait for it leave', async () => {
    const list = `${EVENTS}?${WINDOW}&search=Leaving`;
    const server = t.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // The page query takes a while, so that every client leaves while the first request computes.
    const rows = Sql.prototype.rows;
    const spy = jest.spyOn(Sql.prototype, 'rows').mockImplementation(async function (this: Sql, text: string, params?: SqlParam[]) {
      if (text.startsWith('SELECT p.ID')) await sleep(300);
      return rows.call(this, text, params) as never;
    });
    try {
      const send = () => {
        const req = http.get({ host: '127.0.0.1', port, path: list });
        req.on('error', () => undefined);
        return req;
      };
      const leader = send();
      await sleep(50);
      const waiting = Array.from({ length: 5 }, send);
      await sleep(50);
      waiting.forEach((req) => req.destroy());
      await sleep(50);
      leader.destroy();
      await sleep(800);
      expect(spy.mock.calls.filter(([text]) => text.startsWith('SELECT p.ID')).length).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect((await t.http.get(list).expect(200)).body.events).toEqual([]);
  });

  it('never hands an authenticated answer to anonymous callers, nor the anonymous one to authenticated callers', async () => {
    const draft = await created(t, EVENTS, event('Draft only', { status: 'draft' }));
    const list = `${EVENTS}?${WINDOW}&search=Draft`;
    expect((await t.http.get(`${EVENTS}/${draft}`).set('Authorization', ADMIN).expect(200)).body.status).toBe('draft');
    expect((await t.http.get(`${EVENTS}/${draft}`)).status).not.toBe(200);
    expect((await t.http.get(`${list}&status=draft`).set('Authorization', ADMIN).expect(200)).body.events).toHaveLength(1);
    expect((await t.http.get(list).expect(200)).body.events).toEqual([]);

    // Searches leave password-protected events out for anonymous callers only: one URL, two answers.
    const locked = await insertEvent(t, { title: 'Locked', password: 'pw', start: '2030-04-01 10:00:00' });
    const search = `${EVENTS}?${WINDOW}&search=Locked`;
    const ids = async (auth?: string) => {
      const req = t.http.get(search);
      return (await (auth ? req.set('Authorization', auth) : req).expect(200)).body.events.map((e: { id: number }) => e.id);
    };
    expect([await ids(ADMIN), await ids(), await ids(ADMIN), await ids()]).toEqual([[locked], [], [locked], []]);
  });

  it('counts a list once per data version: its pages and page sizes share the total', async () => {
    const ids: number[] = [];
    for (const day of [1, 2, 3])
      ids.push(await created(t, EVENTS, event(`Paged ${day}`, { start_date: `2031-05-0${day} 10:00:00`, end_date: `2031-05-0${day} 11:00:00` })));
    const list = `${EVENTS}?start_date=2031-05-01&end_date=2031-05-31`;
    const total = async (query: string, auth?: string) => {
      const req = t.http.get(`${list}&${query}`);
      return (await (auth ? req.set('Authorization', auth) : req).expect(200)).headers['x-wp-total'];
    };
    expect(await total('per_page=1&page=1')).toBe('3');
    // A change the data version does not see (as when WordPress writes): other pages keep the total
    // counted under this version — for a caller whose credentials are vouched for too (the same rule,
    // test/e2e/http-cache-authenticated.e2e-spec.ts).
    await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_status = 'draft' WHERE ID = ?`, [ids[0]]);
    expect([await total('per_page=1&page=2'), await total('per_page=2&page=1')]).toEqual(['3', '3']);
    expect(await total('per_page=1&page=2&status=publish', ADMIN)).toBe('3');
    await bumpCacheVersion(t);
    expect([await total('per_page=1&page=2'), await total('per_page=1&page=1')]).toEqual(['2', '2']);
  });

  it('keys answers by language (prefix or Accept-Language) and by URL, query included', async () => {
    const description = (body: any) => body.routes['/tribe/events/v1/tags'].endpoints[0].args.page.description;
    const english = description((await t.http.get(BASE).expect(200)).body);
    const french = description((await t.http.get(BASE).set('Accept-Language', 'fr').expect(200)).body);
    const german = description((await t.http.get(`/de${BASE}`).expect(200)).body);
    expect(new Set([english, french, german]).size).toBe(3);
    expect(description((await t.http.get(BASE).expect(200)).body)).toBe(english);

    const perPage = async (n: number) => (await t.http.get(`${CATEGORIES}?hide_empty=0&per_page=${n}`).expect(200)).headers['x-wp-totalpages'];
    const total = Number((await t.http.get(`${CATEGORIES}?hide_empty=0`).expect(200)).headers['x-wp-total']);
    await created(t, CATEGORIES, { name: 'One' });
    await created(t, CATEGORIES, { name: 'Two' });
    const pages = (perPage: number) => String(Math.ceil((total + 2) / perPage));
    expect([await perPage(1), await perPage(2), await perPage(1)]).toEqual([pages(1), pages(2), pages(1)]);
  });
});

describe('response cache hits, answered before Express', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600', CORS_ORIGINS: 'https://a.example' } });
  });
  afterAll(() => t.close());

  const PER_REQUEST = ['date', 'x-request-id', 'connection', 'keep-alive'];
  const sharedHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.includes(name)));

  it('sends a hit with every header of the first answer (security, CORS, Allow, paging) and a new request id', async () => {
    const url = `${EVENTS}?${WINDOW}&per_page=1`;
    await created(t, EVENTS, event('Cached'));
    const first = await t.http.get(url).set('Origin', 'https://a.example').expect(200);
    const second = await t.http.get(url).set('Origin', 'https://a.example').set('X-Request-Id', 'hit-1').expect(200);
    expect(second.body).toEqual(first.body);
    expect(sharedHeaders(second.headers)).toEqual(sharedHeaders(first.headers));
    expect(first.headers).toMatchObject({
      'access-control-allow-origin': 'https://a.example',
      allow: 'GET',
      'x-wp-total': '1',
      'content-security-policy': expect.any(String),
    });
    expect(second.headers['x-request-id']).toBe('hit-1');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('keys hits by Origin, so CORS headers never cross over', async () => {
    const url = `${CATEGORIES}?hide_empty=0`;
    const allowed = await t.http.get(url).set('Origin', 'https://a.example').expect(200);
    const other = await t.http.get(url).set('Origin', 'https://b.example').expect(200);
    const none = await t.http.get(url).expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://a.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    expect((await t.http.get(url).set('Origin', 'https://b.example').expect(200)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves requests with unknown credentials, a method override or a body to the full road', async () => {
    const id = await created(t, EVENTS, event('Road'));
    const url = `${EVENTS}/${id}`;
    await t.http.get(url).expect(200);
    await t.http.get(url).expect(200);
    expect((await t.http.get(url).set('Authorization', ADMIN).expect(200)).headers['cache-control']).toContain('no-store');
    // Wrong credentials are still refused, even when an anonymous answer is cached.
    expect((await t.http.get(url).set('Authorization', `Basic ${Buffer.from('admin:wrong').toString('base64')}`)).status).toBe(401);
    expect((await t.http.get(`${url}?_method=DELETE`)).status).toBe(401);
    expect((await t.http.get(url).set('X-HTTP-Method-Override', 'DELETE')).status).toBe(401);
    expect((await t.http.get(url).expect(200)).body.title).toBe('Road');
  });
});

describe('response cache: writes made straight to the database (WordPress), TTL 1 s (read model rows at most 1 s old)', () => {
  let t: TestApp;
  let http: TestAgent;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '1', READ_MODEL_MAX_AGE_SECONDS: '1' } });
    // A server listening on its own: requests made from inside a transaction's callback below must
    // not run in that transaction's async context (SuperTest would start the server there).
    await t.app.listen(0, '127.0.0.1');
    http = request(t.app.getHttpServer());
  });
  afterAll(() => t.close());

  it('serves the cached answer until the TTL ends, then the new data', async () => {
    const id = await created(t, EVENTS, event('Before'));
    expect((await http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('Before');
    await retitleDirectly(t, id, 'After');
    expect((await http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('Before');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('After');
  });

  it('serves the new data at once when the writer bumps the version (README must-use plugin)', async () => {
    const id = await created(t, EVENTS, event('Old'));
    const list = `${EVENTS}?${WINDOW}&search=Old`;
    expect((await http.get(list).expect(200)).body.events.map((e: { id: number }) => e.id)).toEqual([id]);
    await retitleDirectly(t, id, 'Fresh');
    await bumpCacheVersion(t);
    expect((await http.get(list).expect(200)).body.events).toEqual([]);
    expect((await http.get(`${EVENTS}/${id}`).expect(200)).body.title).toBe('Fresh');
  });

  it('never keeps what a read saw of a transaction that then rolled back', async () => {
    const id = await created(t, EVENTS, event('Committed'));
    const path = `${EVENTS}/by-slug/committed`;
    await expect(
      t.db.transaction(async () => {
        const sql = t.db.sql;
        await sql.run(`UPDATE ${sql.table('posts')} SET post_title = ? WHERE ID = ?`, ['Rolled back', id]);
        // SQLite reads share the open transaction's connection and may see its row: that answer must not be kept.
        await http.get(path).expect(200);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect((await http.get(path).expect(200)).body.title).toBe('Committed');
  });
});

describe('response cache and read model off (RESPONSE_CACHE_TTL_SECONDS=0, READ_MODEL=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '0', READ_MODEL: 'false' } });
  });
  afterAll(() => t.close());

  it('answers every read from the database, with ETag and 304 still', async () => {
    const id = await created(t, EVENTS, event('Before'));
    const first = await t.http.get(`${EVENTS}/${id}`).expect(200);
    await retitleDirectly(t, id, 'After');
    const second = await t.http.get(`${EVENTS}/${id}`).set('If-None-Match', first.headers.etag).expect(200);
    expect(second.body.title).toBe('After');
    await t.http.get(`${EVENTS}/${id}`).set('If-None-Match', second.headers.etag).expect(304);
  });
});
