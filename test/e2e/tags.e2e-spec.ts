import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, attachTerms, BASE, createTerm, insertPost, loginAs, REST, SITE } from './terms-test-helpers';

const TAGS = `${BASE}/tags`;

describe('/tags (the flat differences of the shared term resource)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const setOption = (name: string, value: string) =>
    t.db.transaction(async () => {
      const sql = t.db.sql;
      await sql.run(`DELETE FROM ${sql.table('options')} WHERE option_name = ?`, [name]);
      await sql.run(`INSERT INTO ${sql.table('options')} (option_name, option_value, autoload) VALUES (?, ?, 'yes')`, [name, value]);
    });

  it('creates a tag: no parent key, a tag archive URL, a Location to our route', async () => {
    const res = await t.http
      .post(TAGS)
      .set('Authorization', ADMIN)
      .send({ name: 'Sample Tag', description: 'Tag description', slug: 'sample-tag' })
      .expect(201);
    const id = res.body.id;
    expect(Object.keys(res.body)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'meta', 'url', 'urls']);
    expect(res.body).toEqual({
      id,
      count: 0,
      description: 'Tag description',
      name: 'Sample Tag',
      slug: 'sample-tag',
      taxonomy: 'post_tag',
      meta: [],
      url: `${SITE}/tag/sample-tag/`,
      urls: { self: `${REST}/tags/${id}`, collection: `${REST}/tags` },
    });
    expect(res.headers.location).toBe(`${REST}/tags/${id}`);
    expect((await t.http.get(`${TAGS}/${id}`).expect(200)).body).toEqual(res.body);
  });

  it('refuses `parent` on create and update with rest_taxonomy_not_hierarchical, after the permission check', async () => {
    const res = await t.http.post(TAGS).set('Authorization', ADMIN).send({ name: 'Has parent', parent: 0 }).expect(400);
    expect(res.body).toEqual({ code: 'rest_taxonomy_not_hierarchical', message: expect.any(String), data: { status: 400 } });
    await t.http.post(`${TAGS}?parent=3`).set('Authorization', ADMIN).send({ name: 'Query parent' }).expect(400);
    await t.http.post(TAGS).send({ name: 'Has parent', parent: 1 }).expect(401);
    const tag = await createTerm(t, 'tags', { name: 'Flat' });
    const update = await t.http.patch(`${TAGS}/${tag.id}`).set('Authorization', ADMIN).send({ parent: tag.id }).expect(400);
    expect(update.body.code).toBe('rest_taxonomy_not_hierarchical');
    const rows = await t.db.sql.rows(`SELECT term_id FROM ${t.db.sql.table('terms')} WHERE name IN ('Has parent', 'Query parent')`);
    expect(rows).toEqual([]);
  });

  it('refuses a second tag with the same name, whatever its case (term_exists)', async () => {
    const first = await createTerm(t, 'tags', { name: 'Concerts' });
    const res = await t.http.post(TAGS).set('Authorization', ADMIN).send({ name: 'CONCERTS' }).expect(400);
    expect(res.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: first.id } });
  });

  it('suffixes a taken slug with numbers', async () => {
    await createTerm(t, 'tags', { name: 'Numbered' });
    expect((await createTerm(t, 'tags', { name: 'Numbered two', slug: 'numbered' })).slug).toBe('numbered-2');
    expect((await createTerm(t, 'tags', { name: 'Numbered three', slug: 'numbered' })).slug).toBe('numbered-3');
  });

  it('updates partially and refuses a slug of another tag', async () => {
    await createTerm(t, 'tags', { name: 'Taken' });
    const tag = await createTerm(t, 'tags', { name: 'Editable' });
    const res = await t.http.put(`${TAGS}/${tag.id}`).set('Authorization', ADMIN).send({ description: 'Now described' }).expect(200);
    expect(res.body).toMatchObject({ name: 'Editable', slug: 'editable', description: 'Now described' });
    const dup = await t.http.patch(`${TAGS}/${tag.id}`).set('Authorization', ADMIN).send({ slug: 'taken' }).expect(400);
    expect(dup.body).toEqual({ code: 'duplicate_term_slug', message: expect.any(String), data: null });
  });

  it('deletes permanently and answers the former tag with its count', async () => {
    const tag = await createTerm(t, 'tags', { name: 'Short lived' });
    await attachTerms(t, await insertPost(t), 'post_tag', [tag.id]);
    const res = await t.http.delete(`${TAGS}/${tag.id}`).set('Authorization', ADMIN).expect(200);
    expect(res.body).toEqual({ ...tag, count: 1 });
    await t.http.get(`${TAGS}/${tag.id}`).expect(400);
  });

  it('needs edit_tribe_events + manage_categories: authors and contributors get 403, editors may', async () => {
    for (const role of ['author', 'contributor', 'subscriber'] as const) {
      const res = await t.http
        .post(TAGS)
        .set('Authorization', await loginAs(t, role))
        .send({ name: `By ${role}` });
      expect([role, res.status, res.body.code]).toEqual([role, 403, 'rest_forbidden']);
    }
    const editor = await loginAs(t, 'editor');
    const created = await t.http.post(TAGS).set('Authorization', editor).send({ name: 'By editor' }).expect(201);
    await t.http.delete(`${TAGS}/${created.body.id}`).set('Authorization', editor).expect(200);
    expect((await t.http.post(TAGS).send({ name: 'Anonymous' }).expect(401)).body.code).toBe('rest_forbidden');
  });

  it('answers a category ID as an invalid tag ID', async () => {
    const category = await createTerm(t, 'categories', { name: 'Not a tag' });
    const res = await t.http.get(`${TAGS}/${category.id}`).expect(400);
    expect(res.body.data.params).toEqual({ id: `id: no tag has the ID ${category.id}.` });
  });

  it('builds archive URLs from the permalink settings (tag_base, front, plain permalinks)', async () => {
    const tag = await createTerm(t, 'tags', { name: 'Linked' });
    const category = await createTerm(t, 'categories', { name: 'Linked category' });
    await setOption('tag_base', '/topics');
    expect((await t.http.get(`${TAGS}/${tag.id}`)).body.url).toBe(`${SITE}/topics/linked/`);
    await setOption('tag_base', '');
    await setOption('permalink_structure', '/blog/%postname%');
    expect((await t.http.get(`${TAGS}/${tag.id}`)).body.url).toBe(`${SITE}/blog/tag/linked`);
    await setOption('tribe_events_calendar_options', 'a:1:{s:10:"eventsSlug";s:6:"agenda";}');
    expect((await t.http.get(`${BASE}/categories/${category.id}`)).body.url).toBe(`${SITE}/agenda/category/linked-category`);
    await setOption('permalink_structure', '');
    expect((await t.http.get(`${TAGS}/${tag.id}`)).body.url).toBe(`${SITE}/?tag=linked`);
    expect((await t.http.get(`${BASE}/categories/${category.id}`)).body.url).toBe(`${SITE}/?tribe_events_cat=linked-category`);
    await setOption('permalink_structure', '/%postname%/');
  });
});
