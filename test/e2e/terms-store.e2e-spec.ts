import { Sql } from '../../src/database/sql';
import { TermRow, TermsStore, TermWriteError } from '../../src/wordpress/terms.store';
import { startTestApp, TestApp } from '../support/test-app';
import { insertPost } from './terms-test-helpers';

/** WordPress term semantics of the store, used inside the caller's transaction. */
describe('TermsStore', () => {
  let t: TestApp;
  let store: TermsStore;
  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(TermsStore);
  });
  afterAll(() => t.close());

  const insert = (taxonomy: string, input: Parameters<TermsStore['insert']>[1]) => t.db.transaction(() => store.insert(taxonomy, input));
  const relationships = (objectId: number) =>
    t.db.sql.rows<{ term_taxonomy_id: number; term_order: number }>(
      `SELECT term_taxonomy_id, term_order FROM ${t.db.sql.table('term_relationships')} WHERE object_id = ? ORDER BY term_taxonomy_id`,
      [objectId],
    );
  const count = async (term: TermRow) => (await store.findById(term.term_id, term.taxonomy))!.count;

  it('inserts terms and finds them by ID, slug (sanitised) and stored name', async () => {
    const term = await insert('post_tag', { name: 'Fish & Chips', description: 'Tasty' });
    expect(term).toEqual({
      term_id: expect.any(Number),
      name: 'Fish &amp; Chips',
      slug: 'fish-chips',
      term_group: 0,
      term_taxonomy_id: expect.any(Number),
      taxonomy: 'post_tag',
      description: 'Tasty',
      parent: 0,
      count: 0,
    });
    expect(await store.findBySlug('Fish Chips', 'post_tag')).toEqual(term);
    expect(await store.findByName('fish & chips', 'post_tag')).toEqual(term);
    expect(await store.findById(term.term_id, 'tribe_events_cat')).toBeUndefined();
    expect(await store.findByIds([term.term_id, 987654], 'post_tag')).toEqual([term]);
  });

  it('writes nothing when the caller’s transaction fails', async () => {
    await expect(
      t.db.transaction(async () => {
        await store.insert('post_tag', { name: 'Rolled back' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await store.findBySlug('rolled-back', 'post_tag')).toBeUndefined();
  });

  it('reports WordPress write errors as TermWriteError', async () => {
    const existing = await insert('post_tag', { name: 'Unique name' });
    await expect(insert('post_tag', { name: 'Unique name' })).rejects.toEqual(
      expect.objectContaining({ code: 'term_exists', existingTermId: existing.term_id }),
    );
    await expect(insert('tribe_events_cat', { name: 'Orphan', parent: 987654 })).rejects.toBeInstanceOf(TermWriteError);
    await expect(insert('post_tag', { name: '<i></i>' })).rejects.toEqual(expect.objectContaining({ code: 'invalid_term_name' }));
  });

  it('appends ancestor slugs, then numbers, to a slug the taxonomy already holds (wp_unique_term_slug)', async () => {
    const grand = await insert('tribe_events_cat', { name: 'Grand' });
    const parent = await insert('tribe_events_cat', { name: 'Parent', parent: grand.term_id });
    await insert('tribe_events_cat', { name: 'Topic' });
    await insert('tribe_events_cat', { name: 'Topic parent', slug: 'topic-parent' });
    const nested = await insert('tribe_events_cat', { name: 'Topic', parent: parent.term_id });
    expect(nested.slug).toBe('topic-parent-grand');
    const again = await insert('tribe_events_cat', { name: 'Topic', parent: grand.term_id });
    expect(again.slug).toBe('topic-grand');
    const numbered = await insert('tribe_events_cat', { name: 'Topic elsewhere', slug: 'topic', parent: grand.term_id });
    expect(numbered.slug).toBe('topic-grand-2');
  });

  it('re-suffixes the slug when an update moves a term to another parent', async () => {
    const home = await insert('tribe_events_cat', { name: 'Home' });
    await insert('tribe_events_cat', { name: 'Mover' });
    const twin = await insert('tribe_events_cat', { name: 'Twin', slug: 'mover-twin' });
    const moved = await t.db.transaction(() => store.update(twin.term_id, 'tribe_events_cat', { slug: 'mover', parent: home.term_id }));
    expect(moved).toMatchObject({ slug: 'mover-home', parent: home.term_id });
  });

  it('sets the terms of an object for one taxonomy only, ignoring foreign ids, and recounts gained and lost terms', async () => {
    const [a, b, c] = [
      await insert('tribe_events_cat', { name: 'Set A' }),
      await insert('tribe_events_cat', { name: 'Set B' }),
      await insert('tribe_events_cat', { name: 'Set C' }),
    ];
    const tag = await insert('post_tag', { name: 'Set tag' });
    const event = await insertPost(t);
    const set = (taxonomy: string, ids: number[]) => t.db.transaction(() => store.setObjectTerms(event, new Map([[taxonomy, ids]])));

    await set('post_tag', [tag.term_taxonomy_id]);
    await set('tribe_events_cat', [a.term_taxonomy_id, b.term_taxonomy_id, b.term_taxonomy_id, tag.term_taxonomy_id]);
    expect(await relationships(event)).toEqual(
      [a, b, tag].map((x) => ({ term_taxonomy_id: x.term_taxonomy_id, term_order: 0 })).sort((x, y) => x.term_taxonomy_id - y.term_taxonomy_id),
    );
    expect([await count(a), await count(b), await count(c), await count(tag)]).toEqual([1, 1, 0, 1]);

    await set('tribe_events_cat', [c.term_taxonomy_id]);
    expect([await count(a), await count(b), await count(c), await count(tag)]).toEqual([0, 0, 1, 1]);
    await set('tribe_events_cat', []);
    expect((await relationships(event)).map((r) => r.term_taxonomy_id)).toEqual([tag.term_taxonomy_id]);
    expect(await count(c)).toBe(0);
  });

  it('counts published objects of the taxonomy’s post types only (recount)', async () => {
    const cat = await insert('tribe_events_cat', { name: 'Counted' });
    const tag = await insert('post_tag', { name: 'Counted tag' });
    const objects = [
      await insertPost(t, { status: 'publish' }),
      await insertPost(t, { status: 'future' }),
      await insertPost(t, { status: 'private' }),
      await insertPost(t, { status: 'publish', type: 'post' }),
      await insertPost(t, { status: 'publish', type: 'tribe_venue' }),
    ];
    await t.db.transaction(async () => {
      const sql = t.db.sql;
      for (const id of objects) {
        for (const term of [cat, tag]) {
          await sql.run(`INSERT INTO ${sql.table('term_relationships')} (object_id, term_taxonomy_id, term_order) VALUES (?, ?, 0)`, [
            id,
            term.term_taxonomy_id,
          ]);
        }
      }
      await store.recount([cat.term_taxonomy_id, tag.term_taxonomy_id]);
    });
    expect([await count(cat), await count(tag)]).toEqual([1, 2]);
  });

  it('loads the terms of many objects in one query, by name, every object present', async () => {
    const zeta = await insert('tribe_events_cat', { name: 'Zeta' });
    const alpha = await insert('tribe_events_cat', { name: 'alpha' });
    const tag = await insert('post_tag', { name: 'Mid' });
    const [first, second, none] = [await insertPost(t), await insertPost(t), await insertPost(t)];
    await t.db.transaction(async () => {
      await store.setObjectTerms(
        first,
        new Map([
          ['tribe_events_cat', [zeta.term_taxonomy_id, alpha.term_taxonomy_id]],
          ['post_tag', [tag.term_taxonomy_id]],
        ]),
      );
      await store.setObjectTerms(second, new Map([['tribe_events_cat', [zeta.term_taxonomy_id]]]));
    });
    const rows = jest.spyOn(Sql.prototype, 'rows');
    const terms = await store.termsOfObjects([first, second, none], ['tribe_events_cat', 'post_tag']);
    expect(rows).toHaveBeenCalledTimes(1);
    rows.mockRestore();
    expect(terms.get(first)!.map((x) => x.name)).toEqual(['alpha', 'Mid', 'Zeta']);
    expect(terms.get(second)!.map((x) => [x.name, x.count])).toEqual([['Zeta', 2]]);
    expect(terms.get(none)).toEqual([]);
    expect((await store.termsOfObjects([first], ['post_tag'])).get(first)!.map((x) => x.taxonomy)).toEqual(['post_tag']);
  });

  it('keeps the terms row of a term another taxonomy still uses when deleting it', async () => {
    const term = await insert('post_tag', { name: 'Shared row' });
    const sql = t.db.sql;
    await sql.run(`INSERT INTO ${sql.table('term_taxonomy')} (term_id, taxonomy, description, parent, count) VALUES (?, 'category', '', 0, 0)`, [term.term_id]);
    const deleted = await t.db.transaction(() => store.delete(term.term_id, 'post_tag'));
    expect(deleted).toEqual(term);
    expect(await store.findById(term.term_id, 'post_tag')).toBeUndefined();
    expect(await sql.rows(`SELECT term_id FROM ${sql.table('terms')} WHERE term_id = ?`, [term.term_id])).toHaveLength(1);
    expect(await t.db.transaction(() => store.delete(term.term_id, 'post_tag'))).toBeUndefined();
  });
});
