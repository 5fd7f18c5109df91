import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { createWebhook, ECA, expectedSignature, FAST_WEBHOOKS, Receiver, sleep } from './changes-test-helpers';
import { createEvent, EVENTS } from './events-write-helpers';

/**
 * Webhooks end to end: the real app with its background worker (50 ms polls, 1 s retries) delivering
 * to a real HTTP receiver on a loopback port (hence WEBHOOKS_ALLOW_PRIVATE_TARGETS=true here; the
 * refusals are tested on an app without it).
 */
describe('webhooks', () => {
  let t: TestApp;
  const receivers: Receiver[] = [];
  const receiver = async () => {
    const r = await new Receiver().start();
    receivers.push(r);
    return r;
  };
  beforeAll(async () => {
    t = await startTestApp({ env: { ...FAST_WEBHOOKS, WEBHOOKS_DISABLE_AFTER_FAILURES: '3', WEBHOOKS_DISABLE_AFTER_HOURS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
    for (const r of receivers) await r.stop();
  });

  /** Pauses every webhook but `keep`, so tests do not see each other's deliveries. */
  async function only(keep: number): Promise<void> {
    for (const hook of (await t.http.get(`${ECA}/webhooks`).set('Authorization', ADMIN).expect(200)).body) {
      if (hook.id !== keep && hook.active) await t.http.patch(`${ECA}/webhooks/${hook.id}`).set('Authorization', ADMIN).send({ active: false }).expect(200);
    }
  }

  it('delivers signed changes after a create, an update and a trash, with the record as an anonymous caller sees it', async () => {
    const r = await receiver();
    const hook = await createWebhook(t, { url: r.url, events: ['event.*'], secret: 'a-long-enough-secret' });
    await only(hook.id);
    expect(hook.secret).toBe('a-long-enough-secret');
    const event = await createEvent(t, { title: 'Delivered', venue: { venue: 'Not subscribed' } });
    await t.http.put(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).send({ title: 'Delivered again' }).expect(200);
    await t.http.delete(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).expect(200);
    const received = await r.waitFor(3);
    await sleep(300);
    expect(received).toHaveLength(3); // the venue's creation is not an event.* change

    const byKind = new Map(received.map((d) => [d.json.kind, d]));
    expect([...byKind.keys()].sort()).toEqual(['event.created', 'event.trashed', 'event.updated']);
    for (const delivery of received) {
      expect(delivery.headers['x-eca-signature']).toBe(expectedSignature('a-long-enough-secret', delivery.body));
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-eca-delivery']).toBe(delivery.json.id);
      expect(delivery.headers['x-eca-event']).toBe(delivery.json.kind);
      expect(delivery.headers['x-eca-webhook']).toBe(String(hook.id));
      expect(Math.abs(Number(delivery.headers['x-eca-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(delivery.json).toMatchObject({ attempt: 1, sent_at: expect.any(String), change: { type: 'event', id: event.id, cursor: expect.any(Number) } });
    }
    // The record is read when the delivery is sent: by then the event is in the trash, hidden from anonymous callers.
    expect(byKind.get('event.created')!.json.change.action).toBe('created');
    expect(byKind.get('event.trashed')!.json.record).toBeNull();
    const anonymous = await t.http.get(`${EVENTS}/${event.id}`);
    expect(anonymous.status).toBe(403);

    // A published record is delivered as GET /events/{id} shows it to an anonymous caller.
    const live = await createEvent(t, { title: 'Live', venue: { venue: 'Hall' } });
    const [delivery] = (await r.waitFor(4)).slice(3);
    expect(delivery.json.kind).toBe('event.created');
    expect(delivery.json.record).toEqual((await t.http.get(`${EVENTS}/${live.id}`).expect(200)).body);
  });

  it('retries a failed delivery with the same id and logs every attempt; bounded time and response size', async () => {
    const r = await receiver();
    const hook = await createWebhook(t, { url: r.url, events: ['tag.created'] });
    await only(hook.id);
    // A 500, then an answer slower than WEBHOOKS_TIMEOUT_MS (2 s), then a 1 MB success.
    r.answers = [
      { status: 500, body: 'down for maintenance' },
      { status: 200, delayMs: 3000 },
      { status: 200, body: 'x'.repeat(1024 * 1024) },
    ];
    const tag = (await t.http.post(`${BASE}/tags`).set('Authorization', ADMIN).send({ name: 'Retried' }).expect(201)).body;
    const received = await r.waitFor(3, 20000);
    expect(new Set(received.map((d) => d.json.id)).size).toBe(1);
    expect(received.map((d) => d.json.attempt)).toEqual([1, 2, 3]);
    expect(received[0].json.record).toMatchObject({ id: tag.id, name: 'Retried' });

    await sleep(300);
    const log = (await t.http.get(`${ECA}/webhooks/${hook.id}/deliveries`).set('Authorization', ADMIN).expect(200)).body;
    expect(log.deliveries).toHaveLength(1);
    const [delivery] = log.deliveries;
    expect(delivery).toMatchObject({ id: Number(received[0].json.id), kind: 'tag.created', status: 'succeeded', next_attempt_at: null });
    expect(delivery.change).toMatchObject({ type: 'tag', id: tag.id, action: 'created' });
    expect(delivery.attempts.map((a: any) => [a.status_code, a.error === null])).toEqual([
      [500, false],
      [null, false],
      [200, true],
    ]);
    expect(delivery.attempts[0]).toMatchObject({ error: 'HTTP 500', response: 'down for maintenance' });
    expect(delivery.attempts[1].error).toMatch(/no complete answer within/);
    expect(delivery.attempts[1].duration_ms).toBeLessThan(2900);
    expect(delivery.attempts[2].response).toHaveLength(1024);
    // The answer has exactly the keys Swagger documents (the delivery's change has no `href`).
    const schemas = (await t.http.get('/docs-json').expect(200)).body.components.schemas;
    const keysOf = (name: string) => Object.keys(schemas[name].properties).sort();
    expect(Object.keys(log).sort()).toEqual(keysOf('DeliveryLog'));
    expect(Object.keys(delivery).sort()).toEqual(keysOf('Delivery'));
    expect(Object.keys(delivery.attempts[0]).sort()).toEqual(keysOf('DeliveryAttempt'));
    // `occurrences` only on a series' change (issue #24), `href` only in the feed.
    expect(Object.keys(delivery.change).sort()).toEqual(keysOf('Change').filter((k) => k !== 'href' && k !== 'occurrences'));
    // Each retry waited for its delay (1 s here).
    expect(Date.parse(delivery.attempts[1].at) - Date.parse(delivery.attempts[0].at)).toBeGreaterThanOrEqual(1000);
  });

  it('delivers nothing for a write that rolls back', async () => {
    const r = await receiver();
    const hook = await createWebhook(t, { url: r.url, events: ['*'] });
    await only(hook.id);
    let fail = true;
    t.db.beforeCommit(async () => {
      if (fail) throw new Error('provoked failure before commit');
    });
    try {
      await t.http.post(`${BASE}/categories`).set('Authorization', ADMIN).send({ name: 'Rolled back' }).expect(500);
      await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ title: 'Rolled back', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' })
        .expect(500);
    } finally {
      fail = false;
    }
    await sleep(500);
    expect(r.received).toHaveLength(0);
    // The worker is alive: the next write is delivered, and it is the only one.
    const category = (await t.http.post(`${BASE}/categories`).set('Authorization', ADMIN).send({ name: 'Committed' }).expect(201)).body;
    const [delivery] = await r.waitFor(1);
    expect(delivery.json).toMatchObject({ kind: 'category.created', change: { id: category.id } });
    await sleep(300);
    expect(r.received).toHaveLength(1);
  });

  it('disables a webhook after repeated failure, pausing its deliveries until it is activated again', async () => {
    const r = await receiver();
    r.answers = [{ status: 503 }];
    const hook = await createWebhook(t, { url: r.url, events: ['venue.created'] });
    await only(hook.id);
    await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Unlucky' }).expect(201);
    await r.waitFor(3, 15000); // attempts 1 and 2 fail, and 3 (the last of WEBHOOKS_RETRY_DELAYS=1,1) too
    await sleep(300);
    let state = (await t.http.get(`${ECA}/webhooks/${hook.id}`).set('Authorization', ADMIN).expect(200)).body;
    expect(state).toMatchObject({ active: false, consecutive_failures: 3, disabled_reason: expect.stringContaining('failed attempts') });
    const failed = (await t.http.get(`${ECA}/webhooks/${hook.id}/deliveries`).set('Authorization', ADMIN).expect(200)).body.deliveries;
    expect(failed.map((d: any) => [d.status, d.attempts.length])).toEqual([['failed', 3]]);

    // Changes made while it is disabled wait for it; activating it delivers them.
    const venue = (await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Patient' }).expect(201)).body;
    await sleep(300);
    expect(r.received).toHaveLength(3);
    r.answers = [{ status: 204 }];
    state = (await t.http.patch(`${ECA}/webhooks/${hook.id}`).set('Authorization', ADMIN).send({ active: true }).expect(200)).body;
    expect(state).toMatchObject({ active: true, consecutive_failures: 0, disabled_reason: null });
    const [delivered] = (await r.waitFor(4)).slice(3);
    expect(delivered.json).toMatchObject({ kind: 'venue.created', change: { id: venue.id }, record: { id: venue.id, venue: 'Patient' } });
  });

  it('lets administrators only manage webhooks, and never shows a secret again after its creation', async () => {
    const editor = await userWithRole(t, 'editor');
    const subscriber = await userWithRole(t, 'subscriber');
    const hook = await createWebhook(t, { url: 'https://hooks.example.org/calendar', events: 'event.created,venue.*' });
    expect(hook).toMatchObject({ url: 'https://hooks.example.org/calendar', events: ['event.created', 'venue.*'], active: true });
    expect(hook.secret).toMatch(/^[0-9a-f]{48}$/);
    const masked = `********${hook.secret.slice(-4)}`;
    const routes: [method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string][] = [
      ['get', `${ECA}/webhooks`],
      ['post', `${ECA}/webhooks`],
      ['get', `${ECA}/webhooks/${hook.id}`],
      ['put', `${ECA}/webhooks/${hook.id}`],
      ['patch', `${ECA}/webhooks/${hook.id}`],
      ['delete', `${ECA}/webhooks/${hook.id}`],
      ['get', `${ECA}/webhooks/${hook.id}/deliveries`],
    ];
    const body = { url: 'https://elsewhere.example.org/' };
    for (const [method, path] of routes) {
      for (const auth of [editor.auth, subscriber.auth]) {
        const res = await t.http[method](path).set('Authorization', auth).send(body);
        expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status: 403, code: 'rest_forbidden' });
      }
      expect((await t.http[method](path).send(body)).status).toBe(401);
    }
    expect((await t.http.get(`${ECA}/webhooks/${hook.id}`).set('Authorization', ADMIN).expect(200)).body.secret).toBe(masked);
    const listed = (await t.http.get(`${ECA}/webhooks`).set('Authorization', ADMIN).expect(200)).body;
    expect(listed.find((h: any) => h.id === hook.id).secret).toBe(masked);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    const updated = (
      await t.http
        .put(`${ECA}/webhooks/${hook.id}`)
        .set('Authorization', ADMIN)
        .send({ secret: 'another-secret-value', events: ['*'] })
        .expect(200)
    ).body;
    expect(updated).toMatchObject({ secret: '********alue', events: ['*'], url: 'https://hooks.example.org/calendar' });
    expect((await t.http.get(`${ECA}/webhooks/999999`).set('Authorization', ADMIN).expect(404)).body.code).toBe('eca_webhook_not_found');
    const deleted = (await t.http.delete(`${ECA}/webhooks/${hook.id}`).set('Authorization', ADMIN).expect(200)).body;
    expect(deleted).toMatchObject({ deleted: true, previous: { id: hook.id, secret: '********alue' } });
    await t.http.get(`${ECA}/webhooks/${hook.id}`).set('Authorization', ADMIN).expect(404);
    // Allow names the write methods for administrators only.
    expect((await t.http.get(`${ECA}/webhooks`).set('Authorization', ADMIN)).headers.allow).toBe('GET, POST');
    expect((await t.http.get(`${ECA}/webhooks`).set('Authorization', editor.auth)).headers.allow).toBe('GET');
  });

  it('refuses bad webhook parameters before checking permissions', async () => {
    const post = (body: Record<string, unknown>, auth = ADMIN) => t.http.post(`${ECA}/webhooks`).set('Authorization', auth).send(body);
    const invalid = async (body: Record<string, unknown>, param: string) => {
      const res = await post(body).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { [param]: expect.any(String) } } });
    };
    expect((await post({}).expect(400)).body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['url'] } });
    await invalid({ url: 'not a url' }, 'url');
    await invalid({ url: `https://example.org/${'x'.repeat(2048)}` }, 'url');
    await invalid({ url: 'ftp://example.org/' }, 'url');
    await invalid({ url: 'https://user:pass@example.org/' }, 'url');
    await invalid({ url: 'https://example.org/', events: ['event.exploded'] }, 'events');
    await invalid({ url: 'https://example.org/', events: [] }, 'events');
    await invalid({ url: 'https://example.org/', secret: 'short' }, 'secret');
    await invalid({ url: 'https://example.org/', active: 'maybe' }, 'active');
    // Validation first, as WordPress does: a subscriber's bad request is a 400 too.
    const subscriber = await userWithRole(t, 'subscriber');
    expect((await post({ url: 'nope' }, subscriber.auth)).status).toBe(400);
  });

  it('answers hostile input with WordPress errors, never a 5xx, and stores nothing it cannot hold', async () => {
    const hostile: unknown[] = [
      "' OR '1'='1",
      '1; DROP TABLE wp_eca_webhooks; --',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfffy',
      '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
      '',
      ' ',
      '-1',
      '9223372036854775808',
      '1e308',
      'NaN',
      'x'.repeat(100_000),
      `https://example.org/${'é'.repeat(3000)}`,
      'javascript:alert(1)',
      'https://[::1',
      ['*', ['nested']],
      { url: 'https://example.org' },
      true,
      12,
      null,
    ];
    const hook = await createWebhook(t, { url: 'https://hooks.example.org/fuzz', active: false });
    const requests = (value: unknown) => [
      t.http.post(`${ECA}/webhooks`).set('Authorization', ADMIN).send({ url: value }),
      t.http.post(`${ECA}/webhooks`).set('Authorization', ADMIN).send({ url: 'https://hooks.example.org/', events: value }),
      t.http.post(`${ECA}/webhooks`).set('Authorization', ADMIN).send({ url: 'https://hooks.example.org/', secret: value, active: false }),
      t.http.patch(`${ECA}/webhooks/${hook.id}`).set('Authorization', ADMIN).send({ active: value, url: value }),
      t.http.get(`${ECA}/changes`).query({ after: value as string, per_page: value as string }),
      t.http
        .get(`${ECA}/webhooks/${hook.id}/deliveries`)
        .set('Authorization', ADMIN)
        .query({ before: value as string, per_page: value as string }),
    ];
    for (const value of hostile) {
      for (const [i, res] of (await Promise.all(requests(value))).entries()) {
        const where = `request ${i} with ${JSON.stringify(value)?.slice(0, 40)}`;
        expect({ where, status: res.status < 500 }).toEqual({ where, status: true });
        if (res.status >= 400) expect({ where, status: res.body.data?.status }).toEqual({ where, status: res.status });
      }
    }
    // Whatever was accepted reads back as stored.
    for (const stored of (await t.http.get(`${ECA}/webhooks`).set('Authorization', ADMIN).expect(200)).body) {
      expect(URL.canParse(stored.url)).toBe(true);
      expect(stored.events.length).toBeGreaterThan(0);
    }
  });

  it('appears in its namespace index, the REST root index and Swagger; the plugin’s /doc is unchanged', async () => {
    const index = (await t.http.get(ECA).expect(200)).body;
    expect(index.namespace).toBe('eca/v1');
    // Its own routes, in order (other collections of the namespace, such as imports, come after).
    expect(Object.keys(index.routes).filter((route) => /^\/eca\/v1(\/(changes|webhooks)\b.*)?$/.test(route))).toEqual([
      '/eca/v1',
      '/eca/v1/changes',
      '/eca/v1/webhooks',
      '/eca/v1/webhooks/(?P<id>\\d+)',
      '/eca/v1/webhooks/(?P<id>\\d+)/deliveries',
    ]);
    expect(index.routes['/eca/v1/webhooks/(?P<id>\\d+)'].methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    expect(index.routes['/eca/v1'].endpoints[0].args.namespace.default).toBe('eca/v1');
    await t.http.get(ECA).query({ namespace: 'tribe/events/v1' }).expect(404);
    expect((await t.http.get(`/fr${ECA}`).expect(200)).body.routes['/eca/v1/changes'].endpoints[0].args.after.description).toMatch(/^Renvoyer/);

    const root = (await t.http.get('/wp-json/').expect(200)).body;
    // The plugin's namespace, then the service's own; namespaces other modules declare follow.
    expect(root.namespaces.slice(0, 2)).toEqual(['tribe/events/v1', 'eca/v1']);
    for (const route of Object.keys(index.routes)) expect(root.routes[route]).toEqual(index.routes[route]);

    const swagger = (await t.http.get('/docs-json').expect(200)).body;
    expect(Object.keys(swagger.paths).filter((p) => p.startsWith(ECA))).toEqual(
      Object.keys(index.routes).map((r) => `/wp-json${r.replace('(?P<id>\\d+)', '{id}')}`),
    );
    expect(swagger.paths[`${ECA}/changes`].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ChangeFeed' });
    const keysOf = (name: string) => Object.keys(swagger.components.schemas[name].properties).sort();
    const hook = await createWebhook(t, { url: 'https://hooks.example.org/schema', active: false });
    expect(Object.keys(hook).sort()).toEqual(keysOf('Webhook'));
    const feed = (await t.http.get(`${ECA}/changes`).query({ per_page: 1 }).expect(200)).body;
    expect(Object.keys(feed).sort()).toEqual(keysOf('ChangeFeed'));
    expect(Object.keys(feed.changes[0]).sort()).toEqual(keysOf('Change').filter((k) => k !== 'occurrences'));

    const doc = (await t.http.get(`${BASE}/doc`).expect(200)).body;
    expect(Object.keys(doc.paths).some((p) => p.includes('changes') || p.includes('webhooks'))).toBe(false);
    expect(Object.keys(doc.components.schemas)).toEqual(['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer']);
    expect((await t.http.options(`${ECA}/changes`).expect(200)).body).toEqual(index.routes['/eca/v1/changes']);
  });
});

describe('webhook targets without WEBHOOKS_ALLOW_PRIVATE_TARGETS', () => {
  let t: TestApp;
  let r: Receiver;
  beforeAll(async () => {
    r = await new Receiver().start();
    t = await startTestApp({ env: { ...FAST_WEBHOOKS, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
    await r?.stop();
  });

  it('refuses plain http and addresses that are not public when the webhook is written', async () => {
    const port = new URL(r.url).port;
    const refused = [
      r.url,
      `https://127.0.0.1:${port}/hook`,
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://10.0.0.8/',
      'https://192.168.1.1/',
      'https://172.16.0.1/',
      'https://100.64.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
      'https://2130706433/', // 127.0.0.1 written as a number
      'https://0x7f.1/',
    ];
    for (const url of refused) {
      const res = await t.http.post(`${ECA}/webhooks`).set('Authorization', ADMIN).send({ url });
      expect({ url, status: res.status, param: Object.keys(res.body.data?.params ?? {}) }).toEqual({ url, status: 400, param: ['url'] });
    }
    await t.http.post(`${ECA}/webhooks`).set('Authorization', ADMIN).send({ url: 'https://hooks.example.org/' }).expect(201);
  });

  it('checks the address a name resolves to when it delivers, and logs the refusal', async () => {
    const port = new URL(r.url).port;
    // A name is accepted when written; at delivery time `localhost` resolves to a loopback address.
    const hook = (
      await t.http
        .post(`${ECA}/webhooks`)
        .set('Authorization', ADMIN)
        .send({ url: `https://localhost:${port}/hook`, events: ['tag.*'] })
        .expect(201)
    ).body;
    await t.http.post(`${BASE}/tags`).set('Authorization', ADMIN).send({ name: 'Guarded' }).expect(201);
    let attempts: any[] = [];
    for (const until = Date.now() + 10000; !attempts.length && Date.now() < until; await sleep(50)) {
      const log = (await t.http.get(`${ECA}/webhooks/${hook.id}/deliveries`).set('Authorization', ADMIN).expect(200)).body;
      attempts = log.deliveries[0]?.attempts ?? [];
    }
    expect(attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/loopback address: refused/) });
    expect(r.received).toHaveLength(0);
  });
});
