import { MAX_NEW_TERMS_PER_WRITE } from '../../src/events/write/event-terms';
import { startTestApp, TestApp } from '../support/test-app';
import { countRows, createEvent, EVENTS, MINIMAL, userWithRole } from './events-write-helpers';
import { insertTerm } from './events-test-helpers';

/**
 * Issue #13, finding 9: an event write creates the categories and tags it names that do not exist
 * (Q37); at most MAX_NEW_TERMS_PER_WRITE new ones per write, categories and tags together. Past it the
 * write answers 400 `rest_invalid_param` and stores nothing.
 */
describe('security: new terms per event write are capped', () => {
  let t: TestApp;
  let contributor: string;

  beforeAll(async () => {
    t = await startTestApp();
    contributor = (await userWithRole(t, 'contributor')).auth;
  });
  afterAll(() => t?.close());

  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
  const snapshot = async () => ({
    terms: await countRows(t, 'terms'),
    taxonomies: await countRows(t, 'term_taxonomy'),
    events: await countRows(t, 'posts', "post_type = 'tribe_events'"),
    relationships: await countRows(t, 'term_relationships'),
  });
  const message = `One event write may create at most ${MAX_NEW_TERMS_PER_WRITE} new categories and tags together.`;

  it('refuses a create naming 3,000 new categories and 3,000 new tags, storing nothing', async () => {
    const before = await snapshot();
    const res = await t.http
      .post(EVENTS)
      .set('Authorization', contributor)
      .send({ ...MINIMAL, title: 'Term flood', categories: names('Flood cat', 3000), tags: names('Flood tag', 3000) })
      .expect(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): categories',
      data: { status: 400, params: { categories: message }, details: [] },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('counts new categories and tags together: 101 answer 400 naming both parameters, 100 pass', async () => {
    const before = await snapshot();
    const res = await t.http
      .post(EVENTS)
      .set('Authorization', contributor)
      .send({ ...MINIMAL, categories: names('Half cat', 60), tags: names('Half tag', 41) })
      .expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params).toEqual({ categories: message, tags: message });
    expect(await snapshot()).toEqual(before);

    const event = await createEvent(t, { categories: names('Half cat', 60), tags: names('Half tag', 40) }, contributor);
    expect(event.categories).toHaveLength(60);
    expect(event.tags).toHaveLength(40);
    expect(await countRows(t, 'terms')).toBe(before.terms + 100);
  });

  it('counts only created terms: existing names (in any case) and a repeated new name are free', async () => {
    const known = names('Known cat', 110);
    for (const name of known) await insertTerm(t, 'tribe_events_cat', name);
    const before = await countRows(t, 'terms');
    const body = { categories: [...known, ...known.map((n) => n.toUpperCase()), ...names('Fresh cat', 99)], tags: Array(300).fill('Repeated tag') };
    const event = await createEvent(t, body, contributor);
    expect(event.categories).toHaveLength(209);
    expect(event.tags).toHaveLength(1);
    expect(await countRows(t, 'terms')).toBe(before + 100);

    const res = await t.http
      .post(EVENTS)
      .set('Authorization', contributor)
      .send({ ...MINIMAL, categories: [...known, ...names('Other cat', 101)] })
      .expect(400);
    expect(res.body.data.params).toEqual({ categories: message });
    expect(await countRows(t, 'terms')).toBe(before + 100);
  });

  it('caps updates the same way and leaves the event unchanged', async () => {
    const event = await createEvent(t, { title: 'Before', tags: ['Kept tag'] }, contributor);
    const before = await snapshot();
    const res = await t.http
      .post(`${EVENTS}/${event.id}`)
      .set('Authorization', contributor)
      .send({ title: 'After', tags: names('Update tag', MAX_NEW_TERMS_PER_WRITE + 1) })
      .expect(400);
    expect(res.body.data.params).toEqual({ tags: message });
    expect(await snapshot()).toEqual(before);
    const stored = (await t.http.get(`${EVENTS}/${event.id}`).set('Authorization', contributor).expect(200)).body;
    expect(stored.title).toBe('Before');
    expect(stored.tags.map((tag: { name: string }) => tag.name)).toEqual(['Kept tag']);
  });
});
