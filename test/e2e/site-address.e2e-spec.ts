import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// Issue #18 (links without SITE_URL) and #15 (the root index with SITE_URL): what `url`, `rest_url`
// and the REST root index say the site's address is. Both engines.

const event = { title: 'Where am I', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 11:00:00' };

describe('a standalone install without SITE_URL: links follow the host each request came to', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await startTestApp({ database, env: { SITE_URL: '' } });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('answers with the host of the request, whatever host or port the first start had', async () => {
    const id = (await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(event).expect(201)).body.id;
    for (const host of ['events.example.org:8080', 'localhost:4000']) {
      const body = (await t.http.get(`${BASE}/events/${id}`).set('Host', host).expect(200)).body;
      expect(body.rest_url).toBe(`http://${host}${BASE}/events/${id}`);
      expect(body.url).toMatch(new RegExp(`^http://${host.replace('.', '\\.')}/event/where-am-i/$`));
      const root = (await t.http.get('/wp-json/').set('Host', host).expect(200)).body;
      expect([root.home, root.url]).toEqual([`http://${host}`, `http://${host}`]);
    }
  });

  it("keeps a WordPress site's own home: only a home the service guessed itself follows the request", async () => {
    const sql = t.db.sql;
    await sql.run(`DELETE FROM ${sql.table('options')} WHERE option_name = 'eca_home_follows_request'`);
    await sql.run(`UPDATE ${sql.table('options')} SET option_value = 'https://wp.example.org' WHERE option_name IN ('home', 'siteurl')`);
    await bumpCacheVersion(t);
    const body = (await t.http.get(`${BASE}/events?start_date=2030-01-01&end_date=2030-12-31`).set('Host', 'localhost:4000').expect(200)).body;
    expect(body.events[0].rest_url).toMatch(/^https:\/\/wp\.example\.org\/wp-json\/tribe\/events\/v1\/events\/\d+$/);
    expect((await t.http.get('/wp-json/').set('Host', 'localhost:4000').expect(200)).body.home).toBe('https://wp.example.org');
  });
});

describe('SITE_URL set: the REST root index gives it as the site address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SITE_URL: 'https://events.example.net' } });
    const sql = t.db.sql;
    await sql.run(`UPDATE ${sql.table('options')} SET option_value = 'https://old-home.example.org' WHERE option_name IN ('home', 'siteurl')`);
    await bumpCacheVersion(t);
  });
  afterAll(() => t.close());

  it('url and home are SITE_URL, not the home option', async () => {
    const root = (await t.http.get('/wp-json/').expect(200)).body;
    expect([root.url, root.home]).toEqual(['https://events.example.net', 'https://events.example.net']);
  });
});
