import { startTestApp, TestApp } from '../support/test-app';
import { bumpCacheVersion } from '../support/data-version';
import { TermsStore } from '../../src/wordpress/terms.store';
import { attachTerms, BASE, createTerm, insertPost, REST } from './terms-test-helpers';

/** Categories with a published event (or a non-empty child), in name order. */
const VISIBLE = ['Art', 'Child full', 'Foo', 'Music', 'Parent empty'];

/** `GET /categories` and `GET /tags` (terms.md §7) on a site whose events are inserted directly. */
describe('term lists', () => {
  let t: TestApp;
  const c: Record<string, number> = {};
  const tag: Record<string, number> = {};
  const e: Record<string, number> = {};

  const names = (body: { categories?: { name: string }[]; tags?: { name: string }[] }) => (body.categories ?? body.tags ?? []).map((x) => x.name);
  const list = async (query: string, collection = 'categories') => (await t.http.get(`${BASE}/${collection}${query}`).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    for (const name of ['Music', 'Art', 'Draft only', 'Parent empty', 'Lonely']) c[name] = (await createTerm(t, 'categories', { name })).id;
    c['Child full'] = (await createTerm(t, 'categories', { name: 'Child full', parent: c['Parent empty'] })).id;
    c.Foo = (await createTerm(t, 'categories', { name: 'Foo', slug: 'foo-bar' })).id;
    c.Eclair = (await createTerm(t, 'categories', { name: 'Éclair', slug: 'pastry' })).id;
    for (const name of ['Red', 'Blue', 'Green']) tag[name] = (await createTerm(t, 'tags', { name })).id;

    e.published1 = await insertPost(t, { status: 'publish' });
    e.published2 = await insertPost(t, { status: 'publish' });
    e.draft = await insertPost(t, { status: 'draft' });
    e.private = await insertPost(t, { status: 'private' });
    e.future = await insertPost(t, { status: 'future' });
    e.blogPost = await insertPost(t, { status: 'publish', type: 'post' });
    e.venue = await insertPost(t, { status: 'publish', type: 'tribe_venue' });
    await attachTerms(t, e.published1, 'tribe_events_cat', [c.Music, c.Art, c.Foo]);
    await attachTerms(t, e.published2, 'tribe_events_cat', [c.Music, c['Child full']]);
    await attachTerms(t, e.draft, 'tribe_events_cat', [c['Draft only'], c.Music]);
    await attachTerms(t, e.private, 'tribe_events_cat', [c.Art]);
    await attachTerms(t, e.future, 'tribe_events_cat', [c.Lonely]);
    await attachTerms(t, e.published1, 'post_tag', [tag.Red]);
    await attachTerms(t, e.blogPost, 'post_tag', [tag.Blue]);
    await attachTerms(t, e.venue, 'post_tag', [tag.Green]);
  });
  afterAll(() => t.close());

  describe('counts', () => {
    it('count only published objects of the taxonomy’s post types', async () => {
      const all = await list('?hide_empty=false&per_page=50');
      const counts = Object.fromEntries(all.categories.map((x: { name: string; count: number }) => [x.name, x.count]));
      expect(counts).toEqual({ Art: 1, 'Child full': 1, 'Draft only': 0, Éclair: 0, Foo: 1, Lonely: 0, Music: 2, 'Parent empty': 0 });
      const tags = await list('?hide_empty=false', 'tags');
      expect(Object.fromEntries(tags.tags.map((x: { name: string; count: number }) => [x.name, x.count]))).toEqual({ Blue: 1, Green: 0, Red: 1 });
    });
  });

  describe('envelope and paging', () => {
    it('puts rest_url, total, total_pages, the records, then navigation, with X-TEC headers', async () => {
      const res = await t.http.get(`${BASE}/categories?hide_empty=0&per_page=3&page=2&orderby=id`).expect(200);
      expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories', 'next_rest_url', 'previous_rest_url']);
      expect(res.body).toMatchObject({
        // The plugin's rest_url never carries page (issue #16); navigation URLs do.
        rest_url: `${REST}/categories/?hide_empty=0&per_page=3&orderby=id`,
        total: 8,
        total_pages: 3,
        next_rest_url: `${REST}/categories/?hide_empty=0&per_page=3&page=3&orderby=id`,
        previous_rest_url: `${REST}/categories/?hide_empty=0&per_page=3&orderby=id`,
      });
      expect(names(res.body)).toEqual(['Parent empty', 'Lonely', 'Child full']);
      expect(res.headers['x-tec-total']).toBe('8');
      expect(res.headers['x-tec-totalpages']).toBe('3');
      expect(res.headers['x-wp-total']).toBe('8');
    });

    it('answers a page beyond the last with 200, an empty list and a previous link', async () => {
      const res = await t.http.get(`${BASE}/categories?page=9`).expect(200);
      expect(res.body).toEqual({
        rest_url: `${REST}/categories/?per_page=10`,
        total: 5,
        total_pages: 1,
        categories: [],
        previous_rest_url: `${REST}/categories/?page=8&per_page=10`,
      });
    });

    it('answers an empty collection with zero totals and no navigation', async () => {
      const res = await t.http.get(`${BASE}/tags?search=nothing-like-this`).expect(200);
      expect(res.body).toEqual({ rest_url: `${REST}/tags/?search=nothing-like-this&per_page=10`, total: 0, total_pages: 0, tags: [] });
      expect(res.headers['x-tec-totalpages']).toBe('0');
    });

    it('takes the default page size from the site settings and caps per_page at 50', async () => {
      const sql = t.db.sql;
      await sql.run(`INSERT INTO ${sql.table('options')} (option_name, option_value, autoload) VALUES ('tribe_events_calendar_options', ?, 'yes')`, [
        'a:1:{s:14:"posts_per_page";s:1:"2";}',
      ]);
      // As WordPress with the must-use plugin of docs/caching.md (site options are shared per data version).
      await bumpCacheVersion(t);
      const res = await list('?hide_empty=0');
      expect(res.categories).toHaveLength(2);
      expect(res.total_pages).toBe(4);
      await sql.run(`DELETE FROM ${sql.table('options')} WHERE option_name = 'tribe_events_calendar_options'`);
      await bumpCacheVersion(t);
      expect((await list('?per_page=100')).rest_url).toBe(`${REST}/categories/?per_page=50`);
    });

    it('rejects page and per_page that are not positive integers', async () => {
      const res = await t.http.get(`${BASE}/categories?page=0&per_page=foo`).expect(400);
      expect(Object.keys(res.body.data.params).sort()).toEqual(['page', 'per_page']);
    });
  });

  describe('hide_empty', () => {
    it('hides empty categories by default but keeps an empty parent of a non-empty child', async () => {
      expect(names(await list(''))).toEqual(VISIBLE);
    });

    it('lists every term with hide_empty=false; tags hide plain empty terms', async () => {
      expect((await list('?hide_empty=false')).total).toBe(8);
      expect(names(await list('', 'tags'))).toEqual(['Blue', 'Red']);
    });

    it('rejects a hide_empty that is not boolean', async () => {
      expect((await t.http.get(`${BASE}/categories?hide_empty=yes`).expect(400)).body.data.params).toEqual({
        hide_empty: 'hide_empty is not of type boolean.',
      });
    });
  });

  describe('parent', () => {
    it('lists direct children; 0 lists the top level', async () => {
      expect(names(await list(`?parent=${c['Parent empty']}`))).toEqual(['Child full']);
      expect(names(await list('?parent=0'))).toEqual(['Art', 'Foo', 'Music', 'Parent empty']);
      expect((await list('?parent=0&hide_empty=0')).total).toBe(7);
    });

    it('rejects a parent that is not a category, and is not a tags filter', async () => {
      for (const parent of ['', '2389', 'foo', String(tag.Red)]) {
        const res = await t.http.get(`${BASE}/categories?parent=${parent}`).expect(400);
        expect([parent, Object.keys(res.body.data.params)]).toEqual([parent, ['parent']]);
      }
      expect((await list(`?parent=${c['Parent empty']}&hide_empty=0`, 'tags')).total).toBe(3);
    });
  });

  describe('post / event', () => {
    it('lists the terms of one event, empty or not; `event` wins over `post`', async () => {
      expect(names(await list(`?post=${e.draft}`))).toEqual(['Draft only', 'Music']);
      expect(names(await list(`?event=${e.published1}&post=${e.draft}`))).toEqual(['Art', 'Foo', 'Music']);
      expect(names(await list(`?event=${e.published1}`, 'tags'))).toEqual(['Red']);
    });

    it('rejects anything but the ID of an event', async () => {
      for (const query of ['post=', 'post=foo', `post=${e.venue}`, 'post=987654', `event=${e.blogPost}`]) {
        const res = await t.http.get(`${BASE}/categories?${query}`).expect(400);
        expect([query, Object.keys(res.body.data.params)]).toEqual([query, [query.split('=')[0]]]);
      }
    });
  });

  describe('search, slug, include, exclude', () => {
    it('searches name or slug, case-insensitively', async () => {
      expect(names(await list('?search=MUS'))).toEqual(['Music']);
      expect(names(await list('?search=foo-b'))).toEqual(['Foo']);
      expect(names(await list('?search=éCLAIR&hide_empty=0'))).toEqual(['Éclair']);
      expect(names(await list('?search=%25'))).toEqual([]);
      expect((await t.http.get(`${BASE}/categories?search=`).expect(400)).body.data.params).toEqual({ search: 'search must not be blank: "".' });
    });

    it('filters by slug (slug-sanitised)', async () => {
      expect(names(await list('?slug=MUSIC'))).toEqual(['Music']);
      expect(names(await list('?slug=pastry&hide_empty=0'))).toEqual(['Éclair']);
      await t.http.get(`${BASE}/categories?slug=`).expect(400);
    });

    it('includes or excludes IDs, as comma lists, repeated keys or JSON; include wins over exclude', async () => {
      expect(names(await list(`?include=${c.Music},${c.Art}`))).toEqual(['Art', 'Music']);
      expect(names(await list(`?include[]=${c.Music}&include[]=${c.Lonely}&hide_empty=0`))).toEqual(['Lonely', 'Music']);
      expect(names(await list(`?exclude=${c.Music},${c.Art}`))).toEqual(['Child full', 'Foo', 'Parent empty']);
      expect(names(await list(`?include=${c.Art}&exclude=${c.Art}`))).toEqual(['Art']);
      const json = await t.http
        .get(`${BASE}/categories`)
        .set('Content-Type', 'application/json')
        .send({ include: [c.Foo] })
        .expect(200);
      expect(names(json.body)).toEqual(['Foo']);
    });

    it('accepts an existing slug in include, which then matches nothing (as WordPress), and rejects unknown items', async () => {
      const res = await list('?include=music');
      expect([res.total, res.categories]).toEqual([0, []]);
      expect(names(await list(`?exclude=music`))).toContain('Music');
      for (const query of ['include=2389,1235,3434', 'exclude=nope', `include=${tag.Red}`]) {
        const bad = await t.http.get(`${BASE}/categories?${query}`).expect(400);
        expect([query, Object.keys(bad.body.data.params)]).toEqual([query, [query.split('=')[0]]]);
      }
    });
  });

  describe('order and orderby', () => {
    it('sorts by name ascending by default; desc in any case reverses; other values mean ascending', async () => {
      expect(names(await list('?order=DESC'))).toEqual([...VISIBLE].reverse());
      expect(names(await list('?order=sideways'))).toEqual(names(await list('')));
      await t.http.get(`${BASE}/categories?order=`).expect(400);
      await t.http.get(`${BASE}/categories?orderby=`).expect(400);
    });

    it('sorts by id, slug, count, parent and the include order; unknown values sort by name', async () => {
      const ids = (body: { categories: { id: number }[] }) => body.categories.map((x) => x.id);
      const all = Object.values(c);
      expect(ids(await list('?orderby=id&hide_empty=0'))).toEqual([...all].sort((a, b) => a - b));
      expect(ids(await list('?orderby=term_id&order=desc&hide_empty=0'))).toEqual([...all].sort((a, b) => b - a));
      expect(names(await list('?orderby=slug&hide_empty=0'))).toEqual(['Art', 'Child full', 'Draft only', 'Foo', 'Lonely', 'Music', 'Parent empty', 'Éclair']);
      expect(names(await list('?orderby=count&order=desc'))[0]).toBe('Music');
      expect(names(await list('?orderby=parent&order=desc'))[0]).toBe('Child full');
      expect(ids(await list(`?orderby=include&include=${c.Foo},${c.Art},${c.Music}`))).toEqual([c.Foo, c.Art, c.Music]);
      expect(ids(await list(`?orderby=include&order=desc&include=${c.Foo},${c.Art},${c.Music}`))).toEqual([c.Music, c.Art, c.Foo]);
      expect(names(await list('?orderby=whatever'))).toEqual(names(await list('')));
    });
  });

  it('keeps counts right when an event changes status (publish ↔ draft, trash)', async () => {
    const store = t.app.get(TermsStore);
    const watched = await createTerm(t, 'categories', { name: 'Status watch' });
    const event = await insertPost(t, { status: 'draft' });
    await attachTerms(t, event, 'tribe_events_cat', [watched.id]);
    const countAfter = async (status: string) => {
      await t.db.transaction(async () => {
        const sql = t.db.sql;
        await sql.run(`UPDATE ${sql.table('posts')} SET post_status = ? WHERE ID = ?`, [status, event]);
        await store.recountObjects([event]);
      });
      return (await t.http.get(`${BASE}/categories/${watched.id}`).expect(200)).body.count;
    };
    expect(watched.count).toBe(0);
    expect(await countAfter('publish')).toBe(1);
    expect(await countAfter('trash')).toBe(0);
    expect(await countAfter('publish')).toBe(1);
    expect(await countAfter('pending')).toBe(0);
  });
});

/** WP_Term_Query's "show empty categories that have children", through a chain of ancestors (TermListQuery.ancestorsOfNonEmpty). */
describe('term lists: empty ancestors of a term with events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('keeps every empty ancestor of a term with events, and no other empty term', async () => {
    const grand = (await createTerm(t, 'categories', { name: 'Grand empty' })).id;
    const middle = (await createTerm(t, 'categories', { name: 'Middle empty', parent: grand })).id;
    const deep = (await createTerm(t, 'categories', { name: 'Deep full', parent: middle })).id;
    await createTerm(t, 'categories', { name: 'Aside empty', parent: grand });
    await createTerm(t, 'categories', { name: 'Empty root' });
    await attachTerms(t, await insertPost(t, { status: 'publish' }), 'tribe_events_cat', [deep]);
    const visible = (await t.http.get(`${BASE}/categories`).expect(200)).body;
    expect(visible.categories.map((term: { name: string }) => term.name)).toEqual(['Deep full', 'Grand empty', 'Middle empty']);
    expect(visible.total).toBe(3);
    // A listing below a parent keeps only terms with a count, as WordPress does.
    const below = (await t.http.get(`${BASE}/categories?parent=${grand}`).expect(200)).body;
    expect(below.categories).toEqual([]);
  });
});
