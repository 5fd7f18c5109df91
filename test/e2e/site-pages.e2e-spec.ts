import { Sql } from '../../src/database/sql';
import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, BASE, SITE, startTestApp, TestApp } from '../support/test-app';
import { daysFromNow, insertEvent } from './events-test-helpers';
import { created, sitePath } from './site-test-helpers';

// The site's pages (issue #15, docs/site-pages.md): every `url` the API hands out answers with an
// HTML page, the plugin's discovery headers, helmet's headers, the API's visibility rules.
const REST = `${SITE}/wp-json/tribe/events/v1`;
const path = sitePath;

/** The discovery headers of index-and-doc.md, checked on GET and on HEAD (same headers, no body). */
async function expectDiscovery(t: TestApp, url: string, apiRoot: string): Promise<string> {
  const get = await t.http.get(url).expect(200);
  expect(get.headers['content-type']).toBe('text/html; charset=UTF-8');
  expect(get.headers['x-tec-api-version']).toBe('v1');
  expect(get.headers['x-tec-api-root']).toBe(apiRoot);
  expect(get.headers['x-tec-api-origin']).toBe(SITE);
  expect(get.headers.link).toContain(`<${SITE}/wp-json/>; rel="https://api.w.org/"`);
  // helmet's headers, a page CSP without scripts, and no noindex (pages are for search engines).
  expect(get.headers['x-content-type-options']).toBe('nosniff');
  expect(get.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(get.headers['content-security-policy']).toContain("default-src 'none'");
  expect(get.headers['x-robots-tag']).toBeUndefined();
  expect(get.text).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
  const head = await t.http.head(url).expect(200);
  expect(head.text ?? '').toBe('');
  for (const name of ['x-tec-api-version', 'x-tec-api-root', 'x-tec-api-origin', 'content-type', 'content-length', 'etag', 'link']) {
    expect(head.headers[name]).toBe(get.headers[name]);
  }
  return get.text;
}

describe('site pages: every url answers, with the discovery headers (GET and HEAD)', () => {
  let t: TestApp;
  let event: Record<string, any>;
  let category: Record<string, any>;
  let tag: Record<string, any>;

  beforeAll(async () => {
    t = await startTestApp();
    category = await created(t, 'categories', { name: 'Jazz & Blues' });
    tag = await created(t, 'tags', { name: 'Outdoor' });
    event = await created(t, 'events', {
      title: 'Summer & Night Concert',
      description: '<p>Bring a chair.</p>',
      start_date: daysFromNow(30, '19:30:00'),
      end_date: daysFromNow(30, '22:00:00'),
      timezone: 'America/New_York',
      venue: { venue: 'Riverside Park', address: '1 River Rd', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701' },
      organizer: [{ organizer: 'Friends of Music', email: 'hello@example.org', phone: '555-0100' }],
      categories: [category.id],
      tags: [tag.id],
      cost: '10',
    });
  });
  afterAll(() => t.close());

  it('the home page and the events archive name the namespace root', async () => {
    const home = await expectDiscovery(t, '/', `${REST}/`);
    expect(home).toContain('Summer &amp; Night Concert');
    expect(home).toContain(`href="${event.url}"`);
    const archive = await expectDiscovery(t, '/events/', `${REST}/`);
    expect(archive).toContain('<h1>Events</h1>');
    expect(archive).toContain(`href="${event.url}"`);
  });

  it('a single event page names the event resource and shows title, dates in its zone, venue, organizers, description, JSON-LD and links', async () => {
    const html = await expectDiscovery(t, path(event.url), `${REST}/events/${event.id}`);
    const api = (await t.http.get(`${BASE}/events/${event.id}`).expect(200)).body;
    expect(html).toContain('<h1>Summer &amp; Night Concert</h1>');
    // The event's own zone: its local time with New York's offset of that day.
    expect(api.json_ld.startDate).toMatch(/-0[45]:00$/);
    expect(html).toContain(`<time datetime="${api.json_ld.startDate}">`);
    expect(html).toMatch(/<abbr class="muted" title="America\/New_York">E[SD]T<\/abbr>/);
    expect(html).toContain('<p>Bring a chair.</p>');
    expect(html).toContain(`<a href="${event.venue.url}">Riverside Park</a><br>1 River Rd<br>Springfield, IL, 62701<br>United States`);
    expect(html).toContain(`<a href="${event.organizer[0].url}">Friends of Music</a> · <a href="mailto:hello@example.org">hello@example.org</a>`);
    expect(html).toContain(`href="${event.url}?ical=1"`);
    expect(html).toContain(`href="${REST}/events/${event.id}" type="application/json"`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(html)![1]);
    expect(jsonLd).toEqual(api.json_ld);
    const links = (await t.http.get(path(event.url))).headers.link;
    expect(links).toContain(`<${REST}/events/${event.id}>; rel="alternate"; type="application/json"`);
    expect(links).toContain(`<${event.url}?ical=1>; rel="alternate"; type="text/calendar"`);
    expect(links).toContain(`<${SITE}/?p=${event.id}>; rel=shortlink`);
  });

  it('category and tag archives name the filtered list; both tag addresses answer', async () => {
    const html = await expectDiscovery(t, path(category.url), `${REST}/events/?categories=${category.slug}`);
    expect(html).toContain('Jazz &amp; Blues');
    expect(html).toContain(`href="${event.url}"`);
    expect(path(tag.url)).toBe(`/tag/${tag.slug}/`);
    await expectDiscovery(t, path(tag.url), `${REST}/events/?tags=${tag.slug}`);
    const tec = await expectDiscovery(t, `/events/tag/${tag.slug}/`, `${REST}/events/?tags=${tag.slug}`);
    expect(tec).toContain(`href="${event.url}"`);
  });

  it('venue and organizer pages name the namespace root and list their events', async () => {
    const venue = await expectDiscovery(t, path(event.venue.url), `${REST}/`);
    expect(venue).toContain('<h1>Riverside Park</h1>');
    expect(venue).toContain(`href="${event.url}"`);
    const organizer = await expectDiscovery(t, path(event.organizer[0].url), `${REST}/`);
    expect(organizer).toContain('<h1>Friends of Music</h1>');
    expect(organizer).toContain(`href="${event.url}"`);
  });

  it('the ?p= and plain-permalink forms reach the same pages', async () => {
    for (const url of [`/?p=${event.id}`, `/?post_type=tribe_events&p=${event.id}`, `/?tribe_events=${event.slug}`]) {
      expect((await t.http.get(url).expect(200)).headers['x-tec-api-root']).toBe(`${REST}/events/${event.id}`);
    }
    expect((await t.http.get(`/?post_type=tribe_venue&p=${event.venue.id}`).expect(200)).text).toContain('<h1>Riverside Park</h1>');
    expect((await t.http.get(`/?tribe_events_cat=${category.slug}`).expect(200)).headers['x-tec-api-root']).toBe(`${REST}/events/?categories=${category.slug}`);
  });

  it('unknown slugs, IDs and addresses are the 404 page (HTML, not stored by any cache)', async () => {
    for (const url of [
      '/event/no-such-event/',
      '/venue/nowhere/',
      '/organizer/nobody/',
      '/events/category/none/',
      '/tag/none/',
      '/?p=999999',
      '/?p=abc',
      '/event/%20/',
    ]) {
      const res = await t.http.get(url).expect(404);
      expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('<h1>Page not found</h1>');
      expect(res.headers['x-tec-api-version']).toBe('v1');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('keeps the site routes out of the namespace index, /doc and the REST root index', async () => {
    const index = (await t.http.get(BASE).expect(200)).body;
    const root = (await t.http.get('/wp-json/').expect(200)).body;
    const doc = (await t.http.get(`${BASE}/doc`).expect(200)).body;
    for (const routes of [Object.keys(index.routes), Object.keys(root.routes), Object.keys(doc.paths)]) {
      expect(routes.some((r) => /^\/(event|venue|organizer|tag)\/|\/events\/category/.test(r.replace(/^\/tribe\/events\/v1/, '')))).toBe(false);
    }
  });
});

describe('site pages: the API’s visibility and password rules', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = ADMIN;
  });
  afterAll(() => t.close());

  it('a draft is 404 to the public and a page to an editor; trashed and private events are 404 to the public', async () => {
    const draft = await insertEvent(t, { title: 'Draft plan', status: 'draft', start: daysFromNow(10) });
    const url = `/?post_type=tribe_events&p=${draft}`;
    await t.http.get(url).expect(404);
    const seen = await t.http.get(url).set('Authorization', editor).expect(200);
    expect(seen.text).toContain('<h1>Draft plan</h1>');
    expect(seen.headers['cache-control']).toContain('no-store');
    const trashed = await insertEvent(t, { title: 'Gone', status: 'trash', slug: 'gone', start: daysFromNow(10) });
    await t.http.get('/event/gone/').expect(404);
    await t.http.get(`/?p=${trashed}`).set('Authorization', editor).expect(404);
    await insertEvent(t, { title: 'Members only', status: 'private', slug: 'members-only', start: daysFromNow(10) });
    await t.http.get('/event/members-only/').expect(404);
    expect((await t.http.get('/event/members-only/').set('Authorization', editor).expect(200)).text).toContain('Members only');
  });

  it('a password-protected event shows its title and a form, no content, until the password is given', async () => {
    await insertEvent(t, {
      title: 'Secret gig',
      slug: 'secret-gig',
      password: 'open sesame',
      content: '<p>The address is 12 Hidden Lane.</p>',
      start: daysFromNow(12),
    });
    const locked = await t.http.get('/event/secret-gig/').expect(200);
    expect(locked.text).toContain('<h1>Secret gig</h1>');
    expect(locked.text).toContain('<form class="password" method="post"');
    expect(locked.text).not.toContain('Hidden Lane');
    expect(locked.text).not.toContain('application/ld+json');
    // The form posts the password to the page itself; the answer is never stored.
    const open = await t.http.post('/event/secret-gig/').type('form').send({ password: 'open sesame' }).expect(200);
    expect(open.text).toContain('The address is 12 Hidden Lane.');
    expect(open.headers['cache-control']).toBe('no-store');
    const wrong = await t.http.post('/event/secret-gig/').type('form').send({ password: 'nope' }).expect(200);
    expect(wrong.text).toContain('role="alert"');
    expect(wrong.text).not.toContain('Hidden Lane');
    // As in the API, `password` in the query unlocks too.
    expect((await t.http.get('/event/secret-gig/?password=open%20sesame').expect(200)).text).toContain('Hidden Lane');
  });

  it('a password-protected venue hides its details', async () => {
    const venue = await created(t, 'venues', { venue: 'Vault', address: '9 Secret St' });
    await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_password = 'key' WHERE ID = ?`, [venue.id]);
    await bumpCacheVersion(t);
    const locked = await t.http.get(path(venue.url)).expect(200);
    expect(locked.text).toContain('<h1>Vault</h1>');
    expect(locked.text).not.toContain('9 Secret St');
    expect((await t.http.post(path(venue.url)).type('form').send({ password: 'key' }).expect(200)).text).toContain('9 Secret St');
  });
});

describe('site pages: cached like the API’s answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
  });
  afterAll(() => t.close());

  it('a repeated anonymous page is answered from the cache until a write; If-None-Match gets 304', async () => {
    const event = await created(t, 'events', { title: 'Cached', start_date: daysFromNow(5), end_date: daysFromNow(5, '12:00:00') });
    const first = await t.http.get(path(event.url)).expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const spy = jest.spyOn(Sql.prototype, 'rows');
    const again = await t.http.get(path(event.url)).expect(200);
    // A hit reads nothing but the data version it is checked against.
    expect(spy.mock.calls.map(([statement]) => statement)).toEqual([expect.stringContaining('eca_cache_state')]);
    spy.mockRestore();
    expect(again.text).toBe(first.text);
    expect(again.headers['x-tec-api-root']).toBe(first.headers['x-tec-api-root']);
    await t.http.get(path(event.url)).set('If-None-Match', first.headers.etag).expect(304);

    await t.http.post(`${BASE}/events/${event.id}`).set('Authorization', ADMIN).send({ title: 'Renamed' }).expect(200);
    expect((await t.http.get(path(event.url)).expect(200)).text).toContain('<h1>Renamed</h1>');
    expect((await t.http.get(`${path(event.url)}?ical=1`).expect(200)).text).toContain('SUMMARY:Renamed');
  });
});

describe('SITE_PAGES=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SITE_PAGES: 'false' } });
  });
  afterAll(() => t.close());

  it('answers the pages rest_no_route (WordPress keeps serving them) while the API works', async () => {
    const event = await created(t, 'events', { title: 'Only API', start_date: daysFromNow(5), end_date: daysFromNow(5, '12:00:00') });
    for (const url of ['/', '/events/', path(event.url), `${path(event.url)}?ical=1`, `/?p=${event.id}`]) {
      const res = await t.http.get(url).expect(404);
      expect(res.body.code).toBe('rest_no_route');
      expect(res.headers['x-tec-api-version']).toBeUndefined();
    }
    await t.http.get(`${BASE}/events/${event.id}`).expect(200);
  });
});

describe('discovery as wpapi does it: site URL → Link header → root index → namespace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('finds the API from the home page alone', async () => {
    const home = await t.http.get('/').expect(200);
    const api = /<([^>]+)>;\s*rel="https:\/\/api\.w\.org\/"/.exec(home.headers.link)![1];
    expect(api).toBe(`${SITE}/wp-json/`);
    const root = (await t.http.get(path(api)).expect(200)).body;
    expect(root.namespaces).toContain('tribe/events/v1');
    const events = root.routes['/tribe/events/v1/events'];
    expect(events.methods).toContain('GET');
    const namespace = (await t.http.get(path(events._links.self[0].href).replace(/\/events$/, '')).expect(200)).body;
    expect(namespace.namespace).toBe('tribe/events/v1');
    expect(Object.keys(namespace.routes)).toContain('/tribe/events/v1/events');
  });

  it('the root index reports SITE_URL in url and home, not the home option', async () => {
    await t.db.sql.run(`UPDATE ${t.db.sql.table('options')} SET option_value = ? WHERE option_name IN ('home', 'siteurl')`, ['http://wordpress.internal']);
    await bumpCacheVersion(t);
    const root = (await t.http.get('/wp-json/').expect(200)).body;
    expect(root.url).toBe(SITE);
    expect(root.home).toBe(SITE);
    expect(root.authentication['application-passwords'].endpoints.authorization).toBe('http://wordpress.internal/wp-admin/authorize-application.php');
  });
});
