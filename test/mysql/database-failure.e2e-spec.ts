import { PostsStore } from '../../src/wordpress/posts.store';
import { PrivateMariaDb } from '../support/private-mariadb';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// Database failure (issue #7), on a PRIVATE MariaDB server this test starts, kills and restarts: while
// it is down every request answers 503 in the envelope, quickly, and /health/ready is 503; when it is
// back the service recovers without a restart; a transaction cut off by the crash leaves nothing.
jest.setTimeout(180_000);

let mariadb: PrivateMariaDb;
let t: TestApp;

const connect = () => mariadb.connect();
const startServer = () => mariadb.start();
const killServer = () => mariadb.kill();

beforeAll(async () => {
  mariadb = await PrivateMariaDb.create();
  await mariadb.with((c) => c.query('CREATE DATABASE eca_failure CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci'));
  t = await startTestApp({ database: { url: mariadb.url('eca_failure'), name: 'eca_failure', drop: async () => undefined } });
});

afterAll(async () => {
  await t?.close();
  await mariadb?.remove();
});

const event = (title: string) => ({ title, start_date: '2030-06-01 10:00:00', end_date: '2030-06-01 11:00:00' });

/** Events whose post row lacks what every event write stores with it (half-written records). */
async function halfWrittenEvents(): Promise<number> {
  const c = await connect();
  const [rows] = await c.query(
    `SELECT COUNT(*) AS n FROM eca_failure.wp_posts p
     WHERE p.post_type = 'tribe_events'
       AND (NOT EXISTS (SELECT 1 FROM eca_failure.wp_postmeta m WHERE m.post_id = p.ID AND m.meta_key = '_EventStartDate')
         OR NOT EXISTS (SELECT 1 FROM eca_failure.wp_tec_events e WHERE e.post_id = p.ID))`,
  );
  await c.end();
  return Number((rows as { n: number }[])[0].n);
}

describe('MariaDB stopped under load, then started again', () => {
  it('answers 503 in the envelope while it is down, and recovers by itself when it is back', async () => {
    expect((await t.http.get('/health/ready')).status).toBe(200);
    const created = await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(event('Before the crash'));
    expect(created.status).toBe(201);

    // Load running while the server dies: every answer is 2xx or the 503 envelope, none hangs.
    let stop = false;
    const statuses: number[] = [];
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const res =
          i % 3 === 0
            ? await t.http
                .post(`${BASE}/events`)
                .set('Authorization', ADMIN)
                .send(event(`Load ${n}-${i}`))
            : await t.http.get(i % 3 === 1 ? `${BASE}/events` : `${BASE}/events/${created.body.id}`);
        statuses.push(res.status);
        if (res.status >= 400) expect(res.body).toEqual({ code: 'rest_database_unavailable', message: expect.any(String), data: { status: 503 } });
      }
    };
    const load = Promise.all([1, 2, 3, 4].map(worker));
    await new Promise((r) => setTimeout(r, 500));
    await killServer();
    await new Promise((r) => setTimeout(r, 1000));

    for (const request of [
      () => t.http.get(`${BASE}/events`),
      () => t.http.get(`${BASE}/events/${created.body.id}`),
      () => t.http.get(`${BASE}/venues`),
      () => t.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(event('While down')),
      () => t.http.patch(`${BASE}/events/${created.body.id}`).set('Authorization', ADMIN).send({ title: 'While down' }),
    ]) {
      const started = Date.now();
      const res = await request();
      expect(Date.now() - started).toBeLessThan(6000);
      expect([res.status, res.body]).toEqual([503, { code: 'rest_database_unavailable', message: expect.any(String), data: { status: 503 } }]);
    }
    expect((await t.http.get('/health/ready')).status).toBe(503);

    await startServer();
    let recovered = false;
    for (let i = 0; i < 100 && !recovered; i++) {
      recovered = (await t.http.get(`${BASE}/events/${created.body.id}`)).status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered).toBe(true);
    stop = true;
    await load;
    expect(statuses.every((s) => s < 300 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect((await t.http.get('/health/ready')).status).toBe(200);
    expect((await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(event('After the crash'))).status).toBe(201);
    expect(await halfWrittenEvents()).toBe(0);
  });

  it('leaves nothing of a transaction cut off by the crash', async () => {
    const posts = t.app.get(PostsStore);
    const attempt = t.db.transaction(async () => {
      const id = await posts.insert({
        post_author: 1,
        post_date: '2030-01-01 00:00:00',
        post_date_gmt: '2030-01-01 00:00:00',
        post_modified: '2030-01-01 00:00:00',
        post_modified_gmt: '2030-01-01 00:00:00',
        post_title: 'Cut off mid-way',
        post_status: 'publish',
        post_name: 'cut-off-mid-way',
        post_type: 'tribe_events',
        guid: (n: number) => `http://example.org/?p=${n}`,
      });
      await posts.addMeta(id, '_EventCutOff', 'first half');
      await killServer();
      await posts.addMeta(id, '_EventCutOff', 'second half');
    });
    await expect(attempt).rejects.toMatchObject({ code: 'rest_database_unavailable', status: 503 });
    await startServer();
    const c = await connect();
    const [postRows] = await c.query(`SELECT ID FROM eca_failure.wp_posts WHERE post_title = 'Cut off mid-way'`);
    const [metaRows] = await c.query(`SELECT meta_id FROM eca_failure.wp_postmeta WHERE meta_key = '_EventCutOff'`);
    await c.end();
    expect([postRows, metaRows]).toEqual([[], []]);
    expect(await halfWrittenEvents()).toBe(0);
  });
});
