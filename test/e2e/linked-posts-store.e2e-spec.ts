import { PostsStore } from '../../src/wordpress/posts.store';
import { SiteNow } from '../../src/wordpress/site-clock';
import { startTestApp, TestApp } from '../support/test-app';
import { addMeta, metaRows, postRow } from './linked-posts-test-helpers';

const NOW: SiteNow = { ms: 1795323600000, local: '2026-11-22 06:00:00', gmt: '2026-11-22 05:00:00', unix: 1795323600, localUnix: 1795327200 };

/** The shared WordPress post semantics (src/wordpress/posts.store.ts) on both engines. */
describe('PostsStore', () => {
  let t: TestApp;
  let store: PostsStore;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(PostsStore);
  });
  afterAll(() => t.close());

  const insert = (post_name: string, post_status = 'publish', post_type = 'tribe_venue') =>
    t.db.transaction(() =>
      store.insert({
        post_type,
        post_status,
        post_author: 1,
        post_title: post_name,
        post_name,
        post_date: NOW.local,
        post_date_gmt: NOW.gmt,
        post_modified: NOW.local,
        post_modified_gmt: NOW.gmt,
        guid: (id) => `https://example.org/?p=${id}`,
      }),
    );

  it('inserts a row with every column WordPress fills and the guid of the new ID', async () => {
    const id = await insert('filled');
    expect(await postRow(t, id)).toMatchObject({
      post_name: 'filled',
      comment_status: 'closed',
      ping_status: 'closed',
      guid: `https://example.org/?p=${id}`,
      post_excerpt: '',
      post_content: '',
    });
  });

  it('loads many posts and their meta in one query each, meta in row order', async () => {
    const a = await insert('load-a');
    const b = await insert('load-b');
    await addMeta(t, a, '_Multi', 'first');
    await addMeta(t, b, '_Other', 'x');
    await addMeta(t, a, '_Multi', 'second');
    const posts = await store.byIds([a, b, 999999, a]);
    expect([...posts.keys()].sort()).toEqual([a, b].sort());
    expect(typeof posts.get(a)!.ID).toBe('number');
    const meta = await store.meta([a, b], ['_Multi', '_Other']);
    expect(meta.get(a)!.get('_Multi')).toEqual(['first', 'second']);
    expect(meta.get(b)!.get('_Other')).toEqual(['x']);
    expect((await store.bySlug('tribe_venue', 'LOAD-A'))?.ID).toBe(a);
  });

  it('update_post_meta: in place for every row of the key, added when absent, reports changes', async () => {
    const id = await insert('meta-set');
    await t.db.transaction(async () => {
      expect(await store.setMeta(id, '_K', 'one')).toBe(true);
      expect(await store.setMeta(id, '_K', 'one')).toBe(false);
      await store.addMeta(id, '_K', 'dup');
      expect(await store.setMeta(id, '_K', true)).toBe(true);
      await store.replaceMeta(id, '_Many', [3, 1, 2]);
      await store.setMeta(id, '_Arr', { a: 1 });
      await store.setMeta(id, '_Ser', 'a:0:{}');
    });
    expect(await metaRows(t, id)).toEqual([
      ['_K', '1'],
      ['_K', '1'],
      ['_Many', '3'],
      ['_Many', '1'],
      ['_Many', '2'],
      ['_Arr', 'a:1:{s:1:"a";i:1;}'],
      ['_Ser', 's:6:"a:0:{}";'],
    ]);
  });

  it('removes link rows pointing at a post, whatever their spelling', async () => {
    const e1 = await insert('link-1', 'publish', 'tribe_events');
    const e2 = await insert('link-2', 'draft', 'tribe_events');
    await addMeta(t, e1, '_EventVenueID', '77');
    await addMeta(t, e2, '_EventVenueID', ' 77');
    await addMeta(t, e2, '_EventVenueID', '770');
    const touched = await t.db.transaction(() => store.deleteIdLinks('_EventVenueID', 77));
    expect(touched.sort()).toEqual([e1, e2].sort());
    expect(await metaRows(t, e2)).toEqual([['_EventVenueID', '770']]);
  });

  it('makes slugs unique per post type (-2, -3, reserved feed names), not for drafts', async () => {
    await insert('taken');
    await insert('taken-2');
    await insert('other-type', 'publish', 'tribe_organizer');
    await t.db.transaction(async () => {
      expect(await store.uniqueSlug('taken', 'tribe_venue', 0, 'publish')).toBe('taken-3');
      expect(await store.uniqueSlug('TAKEN', 'tribe_venue', 0, 'publish')).toBe('TAKEN-3');
      expect(await store.uniqueSlug('taken', 'tribe_venue', 0, 'draft')).toBe('taken');
      expect(await store.uniqueSlug('other-type', 'tribe_venue', 0, 'publish')).toBe('other-type');
      expect(await store.uniqueSlug('feed', 'tribe_venue', 0, 'publish')).toBe('feed-2');
    });
  });

  it('trashes (bookkeeping, __trashed slug) and gives the slug back when the post leaves the trash', async () => {
    const id = await insert('bin');
    await t.db.transaction(async () => {
      const keys = await store.trash((await store.byId(id))!, NOW);
      expect(keys).toEqual(['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug']);
    });
    expect(await postRow(t, id)).toMatchObject({ post_status: 'trash', post_name: 'bin__trashed', post_modified: NOW.local, post_modified_gmt: NOW.gmt });
    expect(await metaRows(t, id)).toEqual([
      ['_wp_trash_meta_status', 'publish'],
      ['_wp_trash_meta_time', String(NOW.unix)],
      ['_wp_desired_post_slug', 'bin'],
    ]);
    const back = await t.db.transaction(async () => store.slugLeavingTrash((await store.byId(id))!));
    expect(back).toBe('bin');
    expect((await metaRows(t, id)).map(([k]) => k)).toEqual(['_wp_trash_meta_status', '_wp_trash_meta_time']);
  });

  it('gives a bare slug held by a trashed post of the type the __trashed suffix before reusing it', async () => {
    const legacy = await insert('legacy', 'trash');
    expect(await t.db.transaction(() => store.claimSlug('legacy', 'tribe_venue', 0, 'publish'))).toBe('legacy');
    expect((await postRow(t, legacy)).post_name).toBe('legacy__trashed');
    expect(await metaRows(t, legacy)).toEqual([['_wp_desired_post_slug', 'legacy']]);
    // Held by a trashed post and a live one: the trashed one is renamed all the same, the slug is numbered.
    const [binned, live] = [await insert('shared', 'trash'), await insert('shared')];
    expect(await t.db.transaction(() => store.claimSlug('shared', 'tribe_venue', 0, 'publish'))).toBe('shared-2');
    expect([(await postRow(t, binned)).post_name, (await postRow(t, live)).post_name]).toEqual(['shared__trashed', 'shared']);
    // A draft floats: the trashed holder is renamed, the slug is not made unique.
    await insert('floating', 'trash');
    expect(await t.db.transaction(() => store.claimSlug('floating', 'tribe_venue', 0, 'draft'))).toBe('floating');
  });

  it('records old slugs of published posts once, and maintains _tribe_modified_fields', async () => {
    const id = await insert('renamed');
    await t.db.transaction(async () => {
      await store.recordSlugChange(id, 'old-name', 'renamed', 'publish');
      await store.recordSlugChange(id, 'old-name', 'renamed', 'publish');
      await store.recordSlugChange(id, 'x', 'y', 'draft');
      await store.trackModified(id, ['_VenueCity', 'post_title'], NOW);
      await store.trackModified(id, ['_VenueCity', '_tribe_modified_fields'], { ...NOW, localUnix: 5 });
    });
    expect(await metaRows(t, id)).toEqual([
      ['_wp_old_slug', 'old-name'],
      ['_tribe_modified_fields', `a:2:{s:10:"_VenueCity";i:5;s:10:"post_title";i:${NOW.localUnix};}`],
    ]);
  });
});
