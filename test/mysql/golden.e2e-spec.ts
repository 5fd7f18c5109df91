import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventsReadService } from '../../src/events/events-read.service';
import { rawGet } from '../support/raw-answer';
import { BASE, basic, SITE } from '../support/test-app';
import { FixtureApp, withFixtureApp } from '../support/fixture-app';
import { GOLDEN_DIR, GOLDEN_REQUESTS } from '../support/fixture-paths';
import { Answer, compareWithGolden, parseGoldenRequests, Server } from '../support/golden-compare';

const SERVER: Server = { origin: SITE, restRoot: `${SITE}/wp-json` };

function golden(name: string): Answer {
  const { status, headers, body } = JSON.parse(readFileSync(join(GOLDEN_DIR, `${name}.json`), 'utf8'));
  return { status, headers, body };
}

/**
 * The plugin's own answers on the fixture database (test/fixtures/golden), every request compared with
 * ours — twice, with every cache of the instance off: the first pass renders every record from the
 * WordPress tables and keeps it in the read model, the second answers from those rows (issue #32).
 */
describe('golden answers of The Events Calendar on the fixture database', () => {
  let fixture: FixtureApp;

  withFixtureApp((app) => (fixture = app), { env: { RESPONSE_CACHE_TTL_SECONDS: '0' } });

  it.each(['rendered from the WordPress tables', 'answered from the read model'])('matches every request of golden-requests.txt, %s', async (pass) => {
    const requests = parseGoldenRequests(readFileSync(GOLDEN_REQUESTS, 'utf8'));
    expect(requests.length).toBeGreaterThan(0);
    const rows = async () => Number((await fixture.q<{ n: string }>('SELECT COUNT(*) AS n FROM wp_eca_read_model'))[0].n);
    if (pass.startsWith('answered')) expect(await rows()).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const { name, path } of requests) {
      const res = await fixture.t.http.get(`${BASE}${path}`).set('Accept', 'application/json');
      const ours = { status: res.status, headers: res.headers as Record<string, string>, body: res.body };
      const descriptionsByPresence = path === '' || path === '/' || path.startsWith('/doc');
      const found = compareWithGolden(golden(name), ours, { server: SERVER, now: new Date(), descriptionsByPresence });
      if (found.length) failures.push(`${name} GET ${path}\n  ${found.join('\n  ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every event of the fixture by ID and by slug, and the lists, on the front road exactly as the route does, anonymous and logged in (src/app/front-reads.road.ts)', async () => {
    const events = await fixture.q<{ ID: number; post_name: string }>("SELECT ID, post_name FROM wp_posts WHERE post_type = 'tribe_events' ORDER BY ID");
    expect(events.length).toBeGreaterThan(50);
    const lists = [
      '/events',
      '/events?per_page=50',
      '/events?start_date=2020-01-01&end_date=2030-12-31&per_page=7&page=3',
      '/events?categories=category-01&start_date=2020-01-01',
      '/venues',
      '/venues?per_page=5&page=2',
      '/organizers',
      '/categories',
      '/tags?per_page=3&page=2',
    ].map((path) => `${BASE}${path}`);
    // Anonymous, then as the site's administrator (a login per request: the front's answer after it).
    const admin = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
    const raw = (path: string, auth?: string) => (auth ? rawGet(fixture.t.http, path).set('Authorization', auth) : rawGet(fixture.t.http, path));
    const perRequest = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);
    const shared = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.has(name)));
    const answered = jest.spyOn(EventsReadService.prototype, 'storedAnswer');
    try {
      const paths = [...events.flatMap(({ ID, post_name }) => [`${BASE}/events/${ID}`, `${BASE}/events/by-slug/${encodeURIComponent(post_name)}`]), ...lists];
      for (const [path, auth] of [...paths.map((path) => [path] as const), ...paths.map((path) => [path, admin] as const)]) {
        await raw(path, auth); // teaches the front the route's headers, once per shape
        const front = await raw(path, auth);
        // `_road`: a parameter the front leaves to the route, which ignores it.
        const route = await raw(`${path}${path.includes('?') ? '&' : '?'}_road=whole`, auth);
        expect({ path, auth, status: front.status, body: front.body, headers: shared(front.headers) }).toEqual({
          path,
          auth,
          status: route.status,
          body: route.body,
          headers: shared(route.headers),
        });
      }
      // The published events every caller sees alike were the front's (the others went on to the route).
      const texts = await Promise.all(answered.mock.results.map((result) => result.value as Promise<unknown>));
      expect(texts.filter((text) => text !== undefined).length).toBeGreaterThan(2 * events.length);
    } finally {
      answered.mockRestore();
    }
  });
});
