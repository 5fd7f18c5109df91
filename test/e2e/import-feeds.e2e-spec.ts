import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { UsersService } from '../../src/auth/users.service';
import { runCommand } from '../../src/cli/commands';
import { ImportFeedsWorker } from '../../src/import/feeds/import-feeds.worker';
import { ADMIN, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { sharedTestDatabase, TestDatabase } from '../support/test-database';
import { ECA } from './changes-test-helpers';

type Json = Record<string, any>;

const FEEDS = `${ECA}/import-feeds`;
const IMPORTS = `${ECA}/imports`;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const vevent = (uid: string, summary: string, start: string) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', `DTSTART:${start}`, `SUMMARY:${summary}`, 'END:VEVENT'].join('\r\n');
const WEEKLY = ['BEGIN:VEVENT', 'UID:series@feeds', 'DTSTAMP:20260101T000000Z', 'DTSTART:20300201T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=3']
  .concat(['SUMMARY:Weekly, leaves the feed', 'END:VEVENT'])
  .join('\r\n');
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//feeds//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');

/**
 * Subscriptions (docs/import.md "Subscriptions"): feeds served by a local HTTP server, run on demand
 * (`POST /import-feeds/{id}/run`) and by the worker's passes (`ImportFeedsWorker.pass`), on a database
 * two instances share: `a` may fetch loopback URLs (WEBHOOKS_ALLOW_PRIVATE_TARGETS), `b` may not.
 */
describe('import feeds (subscriptions)', () => {
  let shared: { database: TestDatabase; cleanup: () => Promise<void> };
  let a: TestApp;
  let b: TestApp;
  let server: Server;
  let base: string;
  let feed = '';
  const hits = new Map<string, number>();

  beforeAll(async () => {
    shared = await sharedTestDatabase('eca-feeds-');
    a = await startTestApp({ database: shared.database, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
    b = await startTestApp({ database: shared.database });
    server = createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
      if (req.url === '/feed.ics' || req.url === '/other.ics') {
        res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
        res.end(feed);
      } else if (req.url === '/broken.ics') {
        res.writeHead(500);
        res.end('oops');
      } else if (req.url === '/garbage.ics') {
        res.writeHead(200, { 'Content-Type': 'text/calendar' });
        res.end('BEGIN:VCALENDAR\r\nthis is not a line\r\nEND:VCALENDAR\r\n');
      } else if (req.url !== '/slow.ics') {
        res.writeHead(404);
        res.end();
      } // /slow.ics never answers
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await a?.close();
    await b?.close();
    await shared?.cleanup();
  });

  const create = async (body: Json, app = a) => {
    const res = await app.http.post(FEEDS).set('Authorization', ADMIN).send(body);
    if (res.status !== 201) throw new Error(`feed not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  const run = async (id: number, app = a) => (await app.http.post(`${FEEDS}/${id}/run`).set('Authorization', ADMIN).expect(201)).body as Json;
  const read = async (id: number) => (await a.http.get(`${FEEDS}/${id}`).set('Authorization', ADMIN).expect(200)).body as Json;
  const setColumns = (id: number, sets: string, params: (number | string | null)[]) =>
    a.db.transaction(() => a.db.sql.run(`UPDATE ${a.db.sql.table('eca_import_feeds')} SET ${sets} WHERE id = ?`, [...params, id]), { bookkeeping: true });
  /** Only `id` is due (the other feeds are pushed a year ahead), so a pass runs it alone. */
  const onlyDue = async (id: number, at: number) => {
    await a.db.transaction(() => a.db.sql.run(`UPDATE ${a.db.sql.table('eca_import_feeds')} SET next_run_at = ? WHERE id <> ?`, [at + 365 * DAY, id]), {
      bookkeeping: true,
    });
    await setColumns(id, 'next_run_at = ?', [at]);
  };
  const statusOf = async (id: number) =>
    (await a.db.sql.one<{ post_status: string }>(`SELECT post_status FROM ${a.db.sql.table('posts')} WHERE ID = ?`, [id]))!.post_status;
  const near = (iso: string, expected: number) => expect(Math.abs(Date.parse(iso) - expected)).toBeLessThan(10_000);

  it('a feed is created due at once; a run imports it, leaves a report linked to the feed and schedules the next', async () => {
    feed = calendar(
      vevent('keep@feeds', 'Kept', '20300110T100000Z'),
      vevent('gone@feeds', 'Leaves the feed', '20300111T100000Z'),
      vevent('past@feeds', 'Long ago', '20200110T100000Z'),
      WEEKLY,
    );
    const created = await create({ url: `${base}/feed.ics`, interval_minutes: 60, status: 'draft' });
    expect(created).toMatchObject({ url: `${base}/feed.ics`, status: 'draft', interval_minutes: 60, enabled: true, failures: 0, last_error: null });
    expect(created).toMatchObject({ last_import_id: null, recent_imports: [], running: false, disabled_reason: null, last_run_at: null });
    near(created.next_run_at, Date.now());

    const report = await run(created.id);
    expect(report).toMatchObject({ status: 'completed', source_kind: 'url', source: `${base}/feed.ics`, error: null });
    expect(report.counts).toEqual({ created: 4, updated: 0, unchanged: 0, trashed: 0, failed: 0 });
    const after = await read(created.id);
    expect(after).toMatchObject({ last_import_id: report.id, recent_imports: [report.id], failures: 0, last_error: null, running: false });
    near(after.next_run_at, Date.now() + 60 * MINUTE);
    const stored = await a.db.sql.one<{ feed_id: number }>(`SELECT feed_id FROM ${a.db.sql.table('eca_imports')} WHERE id = ?`, [report.id]);
    expect(Number(stored!.feed_id)).toBe(created.id);
    for (const item of report.items) expect(await statusOf(item.event_id)).toBe('draft');
  });

  it('a changed feed: the events that left it and have not started are trashed (a series whole), the changed one updated, the new one created, the past one kept', async () => {
    const [first] = (await a.http.get(FEEDS).set('Authorization', ADMIN).expect(200)).body.feeds as Json[];
    const before = (await a.http.get(`${IMPORTS}/${first.last_import_id}`).set('Authorization', ADMIN).expect(200)).body;
    const ids = Object.fromEntries(before.items.map((item: Json) => [item.uid, item.event_id]));
    feed = calendar(vevent('keep@feeds', 'Kept, renamed', '20300110T100000Z'), vevent('new@feeds', 'Added', '20300112T100000Z'));

    const report = await run(first.id);
    expect(report.counts).toEqual({ created: 1, updated: 1, unchanged: 0, trashed: 2, failed: 0 });
    expect(report.items.find((item: Json) => item.uid === 'gone@feeds')).toEqual({
      action: 'trashed',
      line: 0,
      uid: 'gone@feeds',
      event_id: ids['gone@feeds'],
      title: 'Leaves the feed',
      reason: 'No longer in the feed.',
    });
    expect(await statusOf(ids['gone@feeds'])).toBe('trash');
    expect(report.items.find((item: Json) => item.uid === 'series@feeds')).toMatchObject({ action: 'trashed', event_id: ids['series@feeds'] });
    const series = await a.db.sql.rows<{ post_status: string }>(`SELECT post_status FROM ${a.db.sql.table('posts')} WHERE ID = ? OR post_parent = ?`, [
      ids['series@feeds'],
      ids['series@feeds'],
    ]);
    expect(series.map((post) => post.post_status)).toEqual(['trash', 'trash', 'trash']);
    expect(await statusOf(ids['past@feeds'])).toBe('draft');
    expect(await statusOf(ids['keep@feeds'])).toBe('draft');
    // The stored report is the answer: GET /imports/{id} has the trashed item and counts too.
    expect((await a.http.get(`${IMPORTS}/${report.id}`).set('Authorization', ADMIN).expect(200)).body).toEqual(report);
    expect((await read(first.id)).recent_imports).toEqual([report.id, before.id]);

    // The same feed again: nothing changes, nothing more is trashed.
    expect((await run(first.id)).counts).toEqual({ created: 0, updated: 0, unchanged: 2, trashed: 0, failed: 0 });
  });

  it('a failing URL backs off (interval × 2^failures, at most a day), says why, and is disabled after a week of failures', async () => {
    const broken = await create({ url: `${base}/broken.ics`, interval_minutes: 15 });
    const first = await run(broken.id);
    expect(first).toMatchObject({ status: 'failed', error: 'The URL answered HTTP 500.', counts: { created: 0, failed: 0 }, items: [] });
    let state = await read(broken.id);
    expect(state).toMatchObject({ failures: 1, last_error: 'The URL answered HTTP 500.', last_import_id: first.id, enabled: true });
    near(state.next_run_at, Date.now() + 30 * MINUTE);
    await run(broken.id);
    state = await read(broken.id);
    expect(state.failures).toBe(2);
    near(state.next_run_at, Date.now() + 60 * MINUTE);

    await setColumns(broken.id, 'failures = ?', [12]);
    await run(broken.id);
    state = await read(broken.id);
    expect(state).toMatchObject({ failures: 13, enabled: true });
    near(state.next_run_at, Date.now() + DAY);

    // Failing for more than a week: disabled, saying why; the worker then leaves it alone.
    await setColumns(broken.id, 'failing_since = ?', [Date.now() - 8 * DAY]);
    await run(broken.id);
    state = await read(broken.id);
    expect(state).toMatchObject({ enabled: false, failures: 14, last_error: 'The URL answered HTTP 500.' });
    expect(state.disabled_reason).toMatch(/^Failing for a week \(14 runs in a row\)/);
    await onlyDue(broken.id, Date.now());
    expect((await a.app.get(ImportFeedsWorker).pass()).runs).toBe(0);

    // Enabled again: its failures are forgotten and it is due at once.
    const enabled = (await a.http.patch(`${FEEDS}/${broken.id}`).set('Authorization', ADMIN).send({ enabled: true }).expect(200)).body;
    expect(enabled).toMatchObject({ enabled: true, failures: 0, disabled_reason: null });
    near(enabled.next_run_at, Date.now());
  });

  it('a file that is not iCalendar, a refused connection and a private address (without the setting) are failed runs with the reason', async () => {
    const garbage = await create({ url: `${base}/garbage.ics` });
    expect((await run(garbage.id)).error).toMatch(/^The file is not an iCalendar file\. Line 2: /);
    // Port 9 (discard): nothing listens there (a port found free could be taken by supertest's own servers meanwhile).
    const refused = await create({ url: 'http://127.0.0.1:9/feed.ics' });
    const refusedRun = await run(refused.id);
    expect(refusedRun.error).toMatch(/^The URL could not be read: connect ECONNREFUSED/);
    // `b` does not allow private targets: the feed `a` accepted is refused there, before any request.
    const served = hits.get('/other.ics') ?? 0;
    const other = await create({ url: `${base}/other.ics` });
    expect((await run(other.id, b)).error).toBe('url: The URL points to a non-public address.');
    expect(hits.get('/other.ics') ?? 0).toBe(served);
    expect(await read(other.id)).toMatchObject({ failures: 1, last_error: 'url: The URL points to a non-public address.' });
  });

  it('a URL that does not answer in time is a failed run', async () => {
    const slow = await create({ url: `${base}/slow.ics` });
    expect((await run(slow.id)).error).toBe('The URL gave no complete answer within 15 s.');
    expect((await read(slow.id)).failures).toBe(1);
  }, 40_000);

  it('two instances pass at once: a due feed is run exactly once', async () => {
    feed = calendar(vevent('twice@feeds', 'Once', '20300301T100000Z'));
    const shared = await create({ url: `${base}/other.ics` });
    const now = Date.now();
    await onlyDue(shared.id, now);
    const served = hits.get('/other.ics') ?? 0;
    // `b` may not fetch loopback URLs: whichever instance wins, the feed is claimed and run once.
    const passes = await Promise.all([a.app.get(ImportFeedsWorker).pass(now), b.app.get(ImportFeedsWorker).pass(now)]);
    expect(passes.map((p) => p.runs).reduce((x, y) => x + y)).toBe(1);
    const state = await read(shared.id);
    expect(state.recent_imports).toEqual(passes.flatMap((p) => p.imports));
    expect((hits.get('/other.ics') ?? 0) - served).toBeLessThanOrEqual(1);
    // Run, it is not due again until its interval (or its backoff) has passed.
    expect((await a.app.get(ImportFeedsWorker).pass(now)).runs).toBe(0);
    expect(Date.parse(state.next_run_at)).toBeGreaterThan(now);
  });

  it('a feed held by a run is not run again on demand (409) until its lease expires', async () => {
    const held = await create({ url: `${base}/feed.ics` });
    await setColumns(held.id, 'lease_until = ?', [Date.now() + MINUTE]);
    expect((await read(held.id)).running).toBe(true);
    const busy = await a.http.post(`${FEEDS}/${held.id}/run`).set('Authorization', ADMIN).expect(409);
    expect(busy.body).toMatchObject({ code: 'eca_import_feed_running', data: { status: 409 } });
    // A crashed run's lease expires: the feed is due again for the worker.
    await setColumns(held.id, 'lease_until = ?', [Date.now() - 1]);
    await onlyDue(held.id, Date.now());
    expect((await a.app.get(ImportFeedsWorker).pass()).runs).toBe(1);
  });

  it('`npm run cli -- import-feeds:run` runs one pass now', async () => {
    feed = calendar(vevent('cli@feeds', 'From the command line', '20300401T100000Z'));
    const made = await create({ url: `${base}/feed.ics` });
    await onlyDue(made.id, Date.now() - 1000);
    const lines: string[] = [];
    await runCommand(['import-feeds:run'], a.app.get(UsersService), (line) => lines.push(line), a.app);
    const { last_import_id } = await read(made.id);
    expect(lines).toEqual([`Feeds run: 1 (0 could not be read); reports: ${last_import_id}.`]);
    await expect(runCommand(['import-feeds:run', '--now'], a.app.get(UsersService), () => undefined, a.app)).rejects.toThrow('takes no options');
  });

  it('with IMPORT_FEEDS_WORKER on, the HTTP service runs due feeds by itself', async () => {
    feed = calendar(vevent('worker@feeds', 'By the worker', '20300501T100000Z'));
    const own = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', IMPORT_FEEDS_WORKER: 'true', IMPORT_FEEDS_POLL_INTERVAL_MS: '100' } });
    try {
      const made = (
        await own.http
          .post(FEEDS)
          .set('Authorization', ADMIN)
          .send({ url: `${base}/feed.ics` })
          .expect(201)
      ).body;
      let state: Json = made;
      for (let i = 0; i < 100 && state.last_import_id === null; i++) {
        await new Promise((done) => setTimeout(done, 50));
        state = (await own.http.get(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).expect(200)).body;
      }
      expect(state).toMatchObject({ failures: 0, recent_imports: [state.last_import_id] });
      const report = (await own.http.get(`${IMPORTS}/${state.last_import_id}`).set('Authorization', ADMIN).expect(200)).body;
      expect(report.counts.created).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('updates change the given fields; DELETE removes the feed, not its events or reports', async () => {
    const made = await create({ url: `${base}/feed.ics` });
    const changed = (await a.http.put(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).send({ interval_minutes: 1440, status: 'pending' }).expect(200)).body;
    expect(changed).toMatchObject({ interval_minutes: 1440, status: 'pending', url: `${base}/feed.ics` });
    const posted = (await a.http.post(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).send({ enabled: false }).expect(200)).body;
    expect(posted.enabled).toBe(false);
    const report = await run(made.id);
    const gone = await a.http.delete(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).expect(200);
    expect(gone.body).toMatchObject({ deleted: true, previous: { id: made.id, interval_minutes: 1440, recent_imports: [report.id] } });
    await a.http.get(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).expect(404);
    await a.http.get(`${IMPORTS}/${report.id}`).set('Authorization', ADMIN).expect(200);
    await a.http.patch(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).send({ enabled: true }).expect(404);
    await a.http.post(`${FEEDS}/${made.id}/run`).set('Authorization', ADMIN).expect(404);
  });

  it('administrators only (`import`): anonymous 401, others 403, before anything is fetched', async () => {
    const made = await create({ url: `${base}/feed.ics` });
    const served = hits.get('/feed.ics') ?? 0;
    const editor = await userWithRole(a, 'editor');
    const subscriber = await userWithRole(a, 'subscriber');
    for (const auth of [editor.auth, subscriber.auth]) {
      await a.http.get(FEEDS).set('Authorization', auth).expect(403);
      await a.http.get(`${FEEDS}/${made.id}`).set('Authorization', auth).expect(403);
      await a.http
        .post(FEEDS)
        .set('Authorization', auth)
        .send({ url: `${base}/feed.ics` })
        .expect(403);
      await a.http.patch(`${FEEDS}/${made.id}`).set('Authorization', auth).send({ enabled: false }).expect(403);
      await a.http.post(`${FEEDS}/${made.id}/run`).set('Authorization', auth).expect(403);
      await a.http.delete(`${FEEDS}/${made.id}`).set('Authorization', auth).expect(403);
    }
    const anonymous = await a.http.post(`${FEEDS}/${made.id}/run`).expect(401);
    expect(anonymous.body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    await a.http.get(FEEDS).expect(401);
    await a.http
      .post(FEEDS)
      .send({ url: `${base}/feed.ics` })
      .expect(401);
    expect(hits.get('/feed.ics') ?? 0).toBe(served);
    expect(await read(made.id)).toMatchObject({ enabled: true, last_import_id: null });
  });

  it('bad input is a WordPress-shaped 400 and nothing is written', async () => {
    const count = async () => Number((await a.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${a.db.sql.table('eca_import_feeds')}`))!.n);
    const before = await count();
    const refused = async (body: Json, param: string, app = a) => {
      const res = await app.http.post(FEEDS).set('Authorization', ADMIN).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { [param]: expect.any(String) } } });
      return res.body.data.params[param] as string;
    };
    expect(await refused({ url: `${base}/feed.ics`, interval_minutes: 5 }, 'interval_minutes')).toMatch(/15/);
    expect(await refused({ url: `${base}/feed.ics`, interval_minutes: 10081 }, 'interval_minutes')).toMatch(/10080/);
    expect(await refused({ url: 'file:///etc/passwd' }, 'url')).toBe('The URL must be an http, https or webcal URL.');
    expect(await refused({ url: `https://example.org/${'a'.repeat(3000)}.ics` }, 'url')).toBe('The URL must be at most 2048 characters.');
    expect(await refused({ url: `${base}/feed.ics`, status: 'trash' }, 'status')).toMatch(/publish/);
    expect(await refused({ url: `${base}/feed.ics` }, 'url', b)).toBe('The URL points to a non-public address.');
    const missing = await a.http.post(FEEDS).set('Authorization', ADMIN).send({}).expect(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['url'] } });
    const made = await create({ url: `${base}/feed.ics` });
    await a.http.patch(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).send({ interval_minutes: 14 }).expect(400);
    await a.http.patch(`${FEEDS}/${made.id}`).set('Authorization', ADMIN).send({ url: 'webcal://' }).expect(400);
    expect(await read(made.id)).toMatchObject({ interval_minutes: 60, url: `${base}/feed.ics` });
    expect(await count()).toBe(before + 1);
  });

  it('is declared in the service’s namespace index and Swagger (mcp.e2e-spec.ts holds every index route to its MCP tool)', async () => {
    const index = await a.http.get(ECA).expect(200);
    expect(index.body.routes['/eca/v1/import-feeds'].methods).toEqual(['GET', 'POST']);
    expect(Object.keys(index.body.routes)).toEqual(expect.arrayContaining(['/eca/v1/import-feeds/(?P<id>\\d+)', '/eca/v1/import-feeds/(?P<id>\\d+)/run']));
    const swagger = (await a.http.get('/docs-json').expect(200)).body;
    expect(Object.keys(swagger.paths)).toEqual(expect.arrayContaining(['/wp-json/eca/v1/import-feeds', '/wp-json/eca/v1/import-feeds/{id}/run']));
    expect(swagger.components.schemas.ImportFeed.properties.next_run_at).toMatchObject({ type: 'string', format: 'date-time' });
  });
});
