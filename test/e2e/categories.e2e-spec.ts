import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, attachTerms, BASE, createTerm, insertPost, loginAs, REST, SITE } from './terms-test-helpers';

const CATEGORIES = `${BASE}/categories`;

describe('/categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const rowsOf = (termId: number) =>
    t.db.sql.one<Record<string, unknown>>(
      `SELECT t.name, t.slug, t.term_group, tt.taxonomy, tt.description, tt.parent, tt.count
       FROM ${t.db.sql.table('terms')} t JOIN ${t.db.sql.table('term_taxonomy')} tt ON tt.term_id = t.term_id WHERE t.term_id = ?`,
      [termId],
    );

  describe('create', () => {
    it('answers 201 with the endpoint shape, a Location to our own route, and writes the WordPress rows', async () => {
      const res = await t.http
        .post(CATEGORIES)
        .set('Authorization', ADMIN)
        .send({ name: 'Sample Category', description: 'Cat description', slug: 'sample-category' })
        .expect(201);
      const id = res.body.id;
      expect(Object.keys(res.body)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls']);
      expect(res.body).toEqual({
        id,
        count: 0,
        description: 'Cat description',
        name: 'Sample Category',
        slug: 'sample-category',
        taxonomy: 'tribe_events_cat',
        parent: 0,
        meta: [],
        url: `${SITE}/events/category/sample-category/`,
        urls: { self: `${REST}/categories/${id}`, collection: `${REST}/categories` },
      });
      expect(res.headers.location).toBe(`${REST}/categories/${id}`);
      expect(await rowsOf(id)).toEqual({
        name: 'Sample Category',
        slug: 'sample-category',
        term_group: 0,
        taxonomy: 'tribe_events_cat',
        description: 'Cat description',
        parent: 0,
        count: 0,
      });
    });

    it('derives the slug from the name the way WordPress does and stores names sanitised', async () => {
      const accented = await createTerm(t, 'categories', { name: 'Café Crème  Brûlée' });
      expect(accented.slug).toBe('cafe-creme-brulee');
      const amp = await createTerm(t, 'categories', { name: '  Rock & <b>Roll</b> ' });
      expect(amp.slug).toBe('rock-roll');
      expect(amp.name).toBe('Rock &amp; Roll');
      expect((await rowsOf(amp.id))!.name).toBe('Rock &amp; Roll');
      const cleaned = await createTerm(t, 'categories', { name: 'Cleaned Slug', slug: 'My Custom.Slug!' });
      expect(cleaned.slug).toBe('my-custom-slug');
    });

    it('keeps only the basic inline tags in a description', async () => {
      const term = await createTerm(t, 'categories', {
        name: 'Described',
        description: '<strong>Big</strong> <a href="https://example.org" onclick="x()">link</a><script>alert(1)</script>',
      });
      expect(term.description).toBe('<strong>Big</strong> <a href="https://example.org">link</a>alert(1)');
    });

    it('creates children under a parent, with the ancestor path in the URL and an `up` link', async () => {
      const parent = await createTerm(t, 'categories', { name: 'Music' });
      const child = await createTerm(t, 'categories', { name: 'Jazz', parent: parent.id });
      const grandchild = await createTerm(t, 'categories', { name: 'Bebop', parent: String(child.id) });
      expect(child.parent).toBe(parent.id);
      expect(grandchild.url).toBe(`${SITE}/events/category/music/jazz/bebop/`);
      expect(grandchild.urls).toEqual({
        self: `${REST}/categories/${grandchild.id}`,
        collection: `${REST}/categories`,
        up: `${REST}/categories/${child.id}`,
      });
    });

    it('refuses a second term with the same name at the same level (term_exists with the existing ID)', async () => {
      const first = await createTerm(t, 'categories', { name: 'Workshops' });
      const res = await t.http.post(CATEGORIES).set('Authorization', ADMIN).send({ name: 'Workshops' }).expect(400);
      expect(res.body).toEqual({
        code: 'term_exists',
        message: expect.any(String),
        data: { status: 400, term_id: first.id },
        additional_data: [first.id, first.id],
      });
      // Same name, same level, the existing slug given explicitly: still a duplicate.
      await t.http.post(CATEGORIES).set('Authorization', ADMIN).send({ name: 'workshops', slug: 'workshops' }).expect(400);
    });

    it('allows the same name with a distinct slug, or under another parent (slug made unique with the parent slug)', async () => {
      const parent = await createTerm(t, 'categories', { name: 'Sports' });
      await createTerm(t, 'categories', { name: 'Outdoor' });
      const distinct = await createTerm(t, 'categories', { name: 'Outdoor', slug: 'outdoor-fun' });
      expect(distinct.slug).toBe('outdoor-fun');
      const nested = await createTerm(t, 'categories', { name: 'Outdoor', parent: parent.id });
      expect(nested.slug).toBe('outdoor-sports');
      const again = await createTerm(t, 'categories', { name: 'Other outdoor', slug: 'outdoor' });
      expect(again.slug).toBe('outdoor-2');
    });

    it('makes slugs unique across taxonomies only when the taxonomy already has it', async () => {
      const tag = await createTerm(t, 'tags', { name: 'Shared Slug' });
      const category = await createTerm(t, 'categories', { name: 'Shared Slug' });
      expect([tag.slug, category.slug]).toEqual(['shared-slug', 'shared-slug']);
      const second = await createTerm(t, 'categories', { name: 'Another', slug: 'shared-slug' });
      expect(second.slug).toBe('shared-slug-2');
    });

    it('gives a name without slug characters its ID as slug', async () => {
      const term = await createTerm(t, 'categories', { name: '!!!' });
      expect(term.slug).toBe(String(term.id));
    });

    it('validates every argument and names all bad ones together', async () => {
      const missing = await t.http.post(CATEGORIES).set('Authorization', ADMIN).send({ description: 'x' }).expect(400);
      expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: expect.any(String), data: { status: 400, params: ['name'] } });
      const bad = await t.http.post(CATEGORIES).set('Authorization', ADMIN).send({ name: '', description: '', slug: '' }).expect(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      expect(Object.keys(bad.body.data.params).sort()).toEqual(['description', 'name', 'slug']);
      for (const name of ['<b></b>', '   ', 'x'.repeat(201)]) {
        const unstorable = await t.http.post(CATEGORIES).set('Authorization', ADMIN).send({ name }).expect(400);
        expect(Object.keys(unstorable.body.data.params)).toEqual(['name']);
      }
      expect((await createTerm(t, 'categories', { name: 'é'.repeat(200) })).name).toBe('é'.repeat(200));
    });

    it('rejects a parent that is not an existing category', async () => {
      const tag = await createTerm(t, 'tags', { name: 'Not a parent' });
      for (const parent of ['foo', '', 2389, tag.id]) {
        const res = await t.http
          .post(CATEGORIES)
          .set('Authorization', ADMIN)
          .send({ name: `Child of ${parent}`, parent })
          .expect(400);
        expect([parent, res.body.code, Object.keys(res.body.data.params)]).toEqual([parent, 'rest_invalid_param', ['parent']]);
      }
      const typed = await t.http.post(CATEGORIES).set('Authorization', ADMIN).send({ name: 'x', parent: 'foo' });
      expect(typed.body.data.params.parent).toBe('parent is not of type integer.');
      expect(typed.body.data.details.parent).toEqual({ code: 'rest_invalid_type', message: 'parent is not of type integer.', data: { param: 'parent' } });
    });

    it('accepts parent 0 as top level', async () => {
      expect((await createTerm(t, 'categories', { name: 'Top level', parent: 0 })).parent).toBe(0);
    });
  });

  describe('permissions (edit_tribe_events + publish_tribe_events)', () => {
    it('answers 401 to anonymous callers and 403 to subscribers and contributors', async () => {
      expect((await t.http.post(CATEGORIES).send({ name: 'Nope' }).expect(401)).body).toEqual({
        code: 'rest_forbidden',
        message: expect.any(String),
        data: { status: 401 },
      });
      for (const role of ['subscriber', 'contributor'] as const) {
        const res = await t.http
          .post(CATEGORIES)
          .set('Authorization', await loginAs(t, role))
          .send({ name: 'Nope' });
        expect([role, res.status, res.body.code]).toEqual([role, 403, 'rest_forbidden']);
      }
    });

    it('lets authors and editors create, update and delete categories', async () => {
      for (const role of ['author', 'editor'] as const) {
        const auth = await loginAs(t, role);
        const created = await t.http
          .post(CATEGORIES)
          .set('Authorization', auth)
          .send({ name: `By ${role}` })
          .expect(201);
        await t.http.patch(`${CATEGORIES}/${created.body.id}`).set('Authorization', auth).send({ description: 'Edited' }).expect(200);
        await t.http.delete(`${CATEGORIES}/${created.body.id}`).set('Authorization', auth).expect(200);
      }
    });

    it('reports bad input before missing permissions', async () => {
      await t.http.post(CATEGORIES).send({ name: 'x', parent: 2389 }).expect(400);
      const subscriber = await loginAs(t, 'subscriber');
      const res = await t.http.delete(`${CATEGORIES}/987654`).set('Authorization', subscriber).expect(400);
      expect(res.body.data.params).toEqual({ id: 'id: no event category has the ID 987654.' });
      const existing = await createTerm(t, 'categories', { name: 'Protected' });
      await t.http.delete(`${CATEGORIES}/${existing.id}`).set('Authorization', subscriber).expect(403);
      await t.http.put(`${CATEGORIES}/${existing.id}`).send({ name: 'x' }).expect(401);
    });
  });

  describe('read', () => {
    it('answers a category to anybody', async () => {
      const term = await createTerm(t, 'categories', { name: 'Readable', description: 'Plain' });
      const res = await t.http.get(`${CATEGORIES}/${term.id}`).expect(200);
      expect(res.body).toEqual(term);
    });

    it('answers an unknown ID, or a tag ID, with 400 rest_invalid_param naming id; a non-numeric ID is no route', async () => {
      const tag = await createTerm(t, 'tags', { name: 'Some tag' });
      for (const id of [987654, tag.id, 0]) {
        const res = await t.http.get(`${CATEGORIES}/${id}`).expect(400);
        expect(res.body).toEqual({
          code: 'rest_invalid_param',
          message: expect.any(String),
          data: { status: 400, params: { id: `id: no event category has the ID ${id}.` }, details: [] },
        });
      }
      expect((await t.http.get(`${CATEGORIES}/abc`).expect(404)).body.code).toBe('rest_no_route');
      expect((await t.http.get(`${BASE}/categories/by-slug/readable`).expect(404)).body.code).toBe('rest_no_route');
    });
  });

  describe('update', () => {
    it('changes only the supplied fields, with POST (200), PUT and PATCH', async () => {
      const term = await createTerm(t, 'categories', { name: 'Before', description: 'Kept' });
      const renamed = await t.http.post(`${CATEGORIES}/${term.id}`).set('Authorization', ADMIN).send({ name: 'After' }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'After', slug: 'before', description: 'Kept' });
      const reslugged = await t.http.put(`${CATEGORIES}/${term.id}`).set('Authorization', ADMIN).send({ slug: 'After Slug' }).expect(200);
      expect(reslugged.body).toMatchObject({ name: 'After', slug: 'after-slug', description: 'Kept' });
      const described = await t.http.patch(`${CATEGORIES}/${term.id}`).set('Authorization', ADMIN).send({ description: 'New' }).expect(200);
      expect(described.body).toMatchObject({ name: 'After', slug: 'after-slug', description: 'New' });
      expect(await rowsOf(term.id)).toMatchObject({ name: 'After', slug: 'after-slug', description: 'New' });
    });

    it('refuses a slug held by another category with duplicate_term_slug (400, data null)', async () => {
      await createTerm(t, 'categories', { name: 'Holder' });
      const term = await createTerm(t, 'categories', { name: 'Wants slug' });
      const res = await t.http.patch(`${CATEGORIES}/${term.id}`).set('Authorization', ADMIN).send({ slug: 'holder' }).expect(400);
      expect(res.body).toEqual({ code: 'duplicate_term_slug', message: expect.any(String), data: null });
    });

    it('moves a category under a parent and back to the top level (parent 0)', async () => {
      const parent = await createTerm(t, 'categories', { name: 'New parent' });
      const term = await createTerm(t, 'categories', { name: 'Movable' });
      const moved = await t.http.patch(`${CATEGORIES}/${term.id}`).set('Authorization', ADMIN).send({ parent: parent.id }).expect(200);
      expect(moved.body.parent).toBe(parent.id);
      expect(moved.body.url).toBe(`${SITE}/events/category/new-parent/movable/`);
      const top = await t.http.patch(`${CATEGORIES}/${term.id}`).set('Authorization', ADMIN).send({ parent: 0 }).expect(200);
      expect(top.body.parent).toBe(0);
      expect(top.body.urls.up).toBeUndefined();
    });

    it('never makes a category its own ancestor', async () => {
      const root = await createTerm(t, 'categories', { name: 'Loop root' });
      const child = await createTerm(t, 'categories', { name: 'Loop child', parent: root.id });
      const res = await t.http.patch(`${CATEGORIES}/${root.id}`).set('Authorization', ADMIN).send({ parent: child.id }).expect(200);
      expect(res.body.parent).toBe(0);
      const self = await t.http.patch(`${CATEGORIES}/${root.id}`).set('Authorization', ADMIN).send({ parent: root.id }).expect(200);
      expect(self.body.parent).toBe(0);
    });

    it('validates like create and checks the ID first', async () => {
      const term = await createTerm(t, 'categories', { name: 'Validated' });
      const bad = await t.http
        .patch(`${CATEGORIES}/${term.id}`)
        .set('Authorization', ADMIN)
        .send({ name: '', description: '', slug: '', parent: '' })
        .expect(400);
      expect(Object.keys(bad.body.data.params).sort()).toEqual(['description', 'name', 'parent', 'slug']);
      await t.http.patch(`${CATEGORIES}/${term.id}`).set('Authorization', ADMIN).send({ parent: 2389 }).expect(400);
      const unknown = await t.http.patch(`${CATEGORIES}/987654`).set('Authorization', ADMIN).send({ name: 'x' }).expect(400);
      expect(unknown.body.data.params).toEqual({ id: 'id: no event category has the ID 987654.' });
    });
  });

  describe('delete', () => {
    it('deletes permanently, answers the former term, re-parents children and removes relationships and meta', async () => {
      const grand = await createTerm(t, 'categories', { name: 'Grand' });
      const doomed = await createTerm(t, 'categories', { name: 'Doomed', parent: grand.id });
      const child = await createTerm(t, 'categories', { name: 'Orphan', parent: doomed.id });
      const event = await insertPost(t);
      await attachTerms(t, event, 'tribe_events_cat', [doomed.id, child.id]);
      await t.db.sql.run(`INSERT INTO ${t.db.sql.table('termmeta')} (term_id, meta_key, meta_value) VALUES (?, 'colour', 'red')`, [doomed.id]);

      const res = await t.http.delete(`${CATEGORIES}/${doomed.id}?force=false`).set('Authorization', ADMIN).expect(200);
      expect(res.body).toEqual({ ...doomed, count: 1, url: `${SITE}/events/category/grand/doomed/` });
      expect(res.body.urls.up).toBe(`${REST}/categories/${grand.id}`);

      expect(await rowsOf(doomed.id)).toBeUndefined();
      const sql = t.db.sql;
      expect(await sql.rows(`SELECT term_id FROM ${sql.table('terms')} WHERE term_id = ?`, [doomed.id])).toEqual([]);
      expect(await sql.rows(`SELECT meta_id FROM ${sql.table('termmeta')} WHERE term_id = ?`, [doomed.id])).toEqual([]);
      const relationships = await sql.rows<{ term_taxonomy_id: number }>(
        `SELECT term_taxonomy_id FROM ${sql.table('term_relationships')} WHERE object_id = ?`,
        [event],
      );
      expect(relationships).toHaveLength(1);
      expect((await t.http.get(`${CATEGORIES}/${child.id}`).expect(200)).body).toMatchObject({ parent: grand.id, count: 1 });

      const again = await t.http.delete(`${CATEGORIES}/${doomed.id}`).set('Authorization', ADMIN).expect(400);
      expect(again.body.data.params).toEqual({ id: `id: no event category has the ID ${doomed.id}.` });
    });
  });
});
