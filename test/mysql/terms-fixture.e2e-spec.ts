import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TermsStore } from '../../src/wordpress/terms.store';
import { GOLDEN_DIR } from '../support/fixture-paths';
import { basic, TestApp } from '../support/test-app';
import { Query, withFixtureApp } from '../support/fixture-app';

const BASE = '/wp-json/tribe/events/v1';
const SITE = 'http://127.0.0.1:3000';
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const AUTHOR = basic('author1', 'Js901TEC9HVgFIfmjNssGWSq');

/** A golden answer of the plugin on this database, with its placeholders filled for our origin. */
function golden(name: string): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const text = readFileSync(resolve(GOLDEN_DIR, `${name}.json`), 'utf8');
  return JSON.parse(text.split('{REST}').join(`${SITE}/wp-json`).split('{SITE}').join(SITE));
}

/** Categories and tags on the real WordPress + TEC fixture database (MariaDB). */
describe('terms on the WordPress fixture database', () => {
  let t: TestApp;
  let q: Query;
  withFixtureApp((app) => ({ t, q } = app));

  it('answers single terms exactly as the plugin did', async () => {
    for (const [name, path] of [
      ['category-2', '/categories/2'],
      ['tag-12', '/tags/12'],
    ]) {
      const res = await t.http.get(`${BASE}${path}`).expect(200);
      expect(res.body).toEqual(golden(name).body);
    }
  });

  it('answers the lists as the plugin did (rest_url echoes the request, Quirk Q31)', async () => {
    for (const [name, path] of [
      ['categories', '/categories'],
      ['categories-all', '/categories?hide_empty=0&per_page=50'],
      ['tags', '/tags?per_page=20'],
    ]) {
      const want = golden(name);
      const res = await t.http.get(`${BASE}${path}`).expect(want.status);
      const { rest_url: ours, ...body } = res.body;
      const { rest_url: theirs, ...wanted } = want.body;
      expect([name, body]).toEqual([name, wanted]);
      expect(ours.startsWith(`${theirs}/?`)).toBe(true);
      expect(res.headers['x-tec-total']).toBe(want.headers['x-tec-total']);
      expect(res.headers['x-tec-totalpages']).toBe(want.headers['x-tec-totalpages']);
    }
  });

  it('computes the same counts WordPress stored', async () => {
    const before = await q<{ term_taxonomy_id: number; count: number }>('SELECT term_taxonomy_id, count FROM wp_term_taxonomy ORDER BY term_taxonomy_id');
    await t.db.transaction(() => t.app.get(TermsStore).recount(before.map((r) => r.term_taxonomy_id)));
    expect(await q('SELECT term_taxonomy_id, count FROM wp_term_taxonomy ORDER BY term_taxonomy_id')).toEqual(before);
  });

  it('lists the terms of a fixture event with post / event', async () => {
    const expected = await q<{ term_id: number }>(
      `SELECT tt.term_id FROM wp_term_relationships tr JOIN wp_term_taxonomy tt USING (term_taxonomy_id)
       JOIN wp_terms t ON t.term_id = tt.term_id WHERE tr.object_id = 45 AND tt.taxonomy = 'post_tag' ORDER BY t.name`,
    );
    const res = await t.http.get(`${BASE}/tags?event=45`).expect(200);
    expect(res.body.tags.map((x: { id: number }) => x.id)).toEqual(expected.map((r) => r.term_id));
    expect(expected.length).toBeGreaterThan(0);
    await t.http.get(`${BASE}/tags?post=5`).expect(400);
  });

  it('writes terms the way WordPress stores them', async () => {
    const created = await t.http
      .post(`${BASE}/categories`)
      .set('Authorization', ADMIN)
      .send({ name: 'Rock & Roll', description: 'Loud <em>music</em>', parent: 2 })
      .expect(201);
    const [row] = await q(
      `SELECT t.name, t.slug, t.term_group, tt.taxonomy, tt.description, tt.parent, tt.count
       FROM wp_terms t JOIN wp_term_taxonomy tt ON tt.term_id = t.term_id WHERE t.term_id = ?`,
      [created.body.id],
    );
    expect(row).toEqual({
      name: 'Rock &amp; Roll',
      slug: 'rock-roll',
      term_group: 0,
      taxonomy: 'tribe_events_cat',
      description: 'Loud <em>music</em>',
      parent: 2,
      count: 0,
    });
    // The IDs continue WordPress' own sequences.
    expect(created.body.id).toBe(27);
    expect(created.body.url).toBe(`${SITE}/events/category/category-01/rock-roll/`);
    const again = await t.http.post(`${BASE}/categories`).set('Authorization', ADMIN).send({ name: 'Category 01' }).expect(400);
    expect(again.body.data.term_id).toBe(2);
  });

  it('lets the fixture author manage categories but not tags', async () => {
    const created = await t.http.post(`${BASE}/categories`).set('Authorization', AUTHOR).send({ name: 'By the author' }).expect(201);
    await t.http.delete(`${BASE}/categories/${created.body.id}`).set('Authorization', AUTHOR).expect(200);
    expect((await t.http.post(`${BASE}/tags`).set('Authorization', AUTHOR).send({ name: 'Nope' }).expect(403)).body.code).toBe('rest_forbidden');
  });

  it('updates a fixture term partially, keeping its count', async () => {
    const res = await t.http.patch(`${BASE}/tags/13`).set('Authorization', ADMIN).send({ description: 'Updated' }).expect(200);
    expect(res.body).toMatchObject({ id: 13, name: 'Tag 02', slug: 'tag-02', description: 'Updated', count: 27 });
    const dup = await t.http.patch(`${BASE}/tags/13`).set('Authorization', ADMIN).send({ slug: 'tag-01' }).expect(400);
    expect(dup.body.code).toBe('duplicate_term_slug');
  });

  it('deletes a fixture category with its relationships, leaving the other counts alone', async () => {
    const othersBefore = await q('SELECT term_taxonomy_id, count FROM wp_term_taxonomy WHERE term_taxonomy_id <> 4 ORDER BY term_taxonomy_id');
    const res = await t.http.delete(`${BASE}/categories/4`).set('Authorization', ADMIN).expect(200);
    expect(res.body).toMatchObject({ id: 4, name: 'Category 03', count: 20, parent: 0 });
    expect(await q('SELECT object_id FROM wp_term_relationships WHERE term_taxonomy_id = 4')).toEqual([]);
    expect(await q('SELECT term_id FROM wp_terms WHERE term_id = 4')).toEqual([]);
    expect(await q('SELECT term_taxonomy_id, count FROM wp_term_taxonomy WHERE term_taxonomy_id <> 4 ORDER BY term_taxonomy_id')).toEqual(othersBefore);
  });
});
