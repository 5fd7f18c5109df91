import { countRows, createEvent, eventMeta, EVENTS, tecRows } from '../e2e/events-write-helpers';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// Concurrent writers of one record (issue #7): every write sets every field to values tagged with its
// index, so afterwards the record must be exactly one write's values — nothing lost, duplicated,
// orphaned or mixed — and the term counts must equal a recount. Both engines (InnoDB row and named
// locks with deadlock retries on MariaDB; queued transactions on SQLite).
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sql = () => t.db.sql;

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.http.post(`${BASE}${path}`).set('Authorization', ADMIN).send(body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A subset of `list` picked by the bits of `n` (never empty). */
function subset<T>(list: T[], n: number): T[] {
  const picked = list.filter((_, i) => (n >> i) & 1);
  return picked.length ? picked : [list[n % list.length]];
}

/** Every term's stored count next to a recount of its relationships to published posts. */
async function termCounts(): Promise<{ stored: number; recount: number; id: number }[]> {
  return (
    await sql().rows<{ id: number; stored: number; recount: number }>(
      `SELECT tt.term_taxonomy_id AS id, tt.count AS stored,
         (SELECT COUNT(*) FROM ${sql().table('term_relationships')} tr JOIN ${sql().table('posts')} p ON p.ID = tr.object_id
          WHERE tr.term_taxonomy_id = tt.term_taxonomy_id AND p.post_status = 'publish') AS recount
       FROM ${sql().table('term_taxonomy')} tt`,
    )
  ).map((r) => ({ id: Number(r.id), stored: Number(r.stored), recount: Number(r.recount) }));
}

async function termIdsOf(objectId: number): Promise<number[]> {
  const rows = await sql().rows<{ term_id: number }>(
    `SELECT tt.term_id FROM ${sql().table('term_relationships')} tr JOIN ${sql().table('term_taxonomy')} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
     WHERE tr.object_id = ? ORDER BY tt.term_id`,
    [objectId],
  );
  return rows.map((r) => Number(r.term_id));
}

describe('50 concurrent updates of one event', () => {
  it('leave exactly one write’s values: one row per single-value meta key, organizers and terms of that write, true counts', async () => {
    const venues: number[] = [];
    const organizers: number[] = [];
    const categories: number[] = [];
    const tags: number[] = [];
    for (let i = 0; i < 3; i++) venues.push(await created('/venues', { venue: `Hall ${i}` }));
    for (let i = 0; i < 5; i++) organizers.push(await created('/organizers', { organizer: `Org ${i}` }));
    for (let i = 0; i < 4; i++) categories.push(await created('/categories', { name: `Cat ${i}` }));
    for (let i = 0; i < 4; i++) tags.push(await created('/tags', { name: `Tag ${i}` }));
    const event = await createEvent(t, { title: 'Start', venue: venues[0], organizer: [organizers[0]], categories: [categories[0]], tags: [tags[0]] });
    // Other events updated at the same time share the terms, so term counts move concurrently.
    const others: number[] = [];
    for (let i = 0; i < 3; i++) others.push((await createEvent(t, { title: `Other ${i}`, categories: [categories[i]], tags: [tags[i]] })).id);

    const write = (i: number) => ({
      title: `Write ${i}`,
      cost: `${i}`,
      venue: venues[i % venues.length],
      organizer: subset(organizers, i + 1),
      categories: subset(categories, i + 1),
      tags: subset(tags, i + 3),
      start_date: `2030-03-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`,
      end_date: `2030-03-${String(1 + (i % 28)).padStart(2, '0')} 12:00:00`,
    });
    const methods = ['patch', 'post', 'put'] as const;
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) => t.http[methods[i % 3]](`${EVENTS}/${event.id}`).set('Authorization', ADMIN).send(write(i))),
      ...Array.from({ length: 15 }, (_, i) =>
        t.http
          .patch(`${EVENTS}/${others[i % 3]}`)
          .set('Authorization', ADMIN)
          .send({ categories: subset(categories, i + 5), tags: subset(tags, i + 7) }),
      ),
    ]);
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));

    const meta = await eventMeta(t, event.id);
    const winner = Number(
      /^Write (\d+)$/.exec(
        (await sql().one<{ post_title: string }>(`SELECT post_title FROM ${sql().table('posts')} WHERE ID = ?`, [event.id]))!.post_title,
      )![1],
    );
    const expected = write(winner);
    for (const [key, values] of Object.entries(meta)) if (key !== '_EventOrganizerID') expect([key, values.length]).toEqual([key, 1]);
    expect(meta._EventOrganizerID.map(Number)).toEqual(expected.organizer);
    expect(meta._EventVenueID).toEqual([String(expected.venue)]);
    expect(meta._EventCost).toEqual([expected.cost]);
    expect(meta._EventStartDate).toEqual([expected.start_date]);
    expect(await termIdsOf(event.id)).toEqual([...expected.categories, ...expected.tags].sort((a, b) => a - b));
    const { event: tecEvent, occurrences } = await tecRows(t, event.id);
    expect(tecEvent?.start_date).toBe(expected.start_date);
    expect(occurrences).toHaveLength(1);
    for (const count of await termCounts()) expect(count.stored).toBe(count.recount);

    const read = await t.http.get(`${EVENTS}/${event.id}`);
    expect(read.body.title).toBe(`Write ${winner}`);
    expect(read.body.organizer.map((o: { id: number }) => o.id)).toEqual(expected.organizer);
  });
});

describe('50 concurrent updates of one venue', () => {
  it('leave one write’s values and one row per meta key', async () => {
    const id = await created('/venues', { venue: 'Venue start', city: 'A' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.http
          .patch(`${BASE}/venues/${id}`)
          .set('Authorization', ADMIN)
          .send({ venue: `Venue ${i}`, city: `City ${i}`, address: `${i} Street`, phone: `555-${i}`, zip: `${10000 + i}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const meta = await eventMeta(t, id);
    for (const [key, values] of Object.entries(meta)) expect([key, values.length]).toEqual([key, 1]);
    const winner = Number(/^Venue (\d+)$/.exec((await t.http.get(`${BASE}/venues/${id}`)).body.venue)![1]);
    expect([meta._VenueCity, meta._VenueAddress, meta._VenuePhone, meta._VenueZip]).toEqual([
      [`City ${winner}`],
      [`${winner} Street`],
      [`555-${winner}`],
      [`${10000 + winner}`],
    ]);
  });
});

describe('50 concurrent updates of one term', () => {
  it('leave one write’s name, slug and description', async () => {
    const id = await created('/categories', { name: 'Term start' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.http
          .post(`${BASE}/categories/${id}`)
          .set('Authorization', ADMIN)
          .send({ name: `Term ${i}`, slug: `term-slug-${i}`, description: `Description ${i}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const row = (await sql().one<{ name: string; slug: string; description: string }>(
      `SELECT t.name, t.slug, tt.description FROM ${sql().table('terms')} t JOIN ${sql().table('term_taxonomy')} tt ON tt.term_id = t.term_id WHERE t.term_id = ?`,
      [id],
    ))!;
    const winner = Number(/^Term (\d+)$/.exec(row.name)![1]);
    expect(row).toEqual({ name: `Term ${winner}`, slug: `term-slug-${winner}`, description: `Description ${winner}` });
    expect(await countRows(t, 'term_taxonomy', 'term_id = ?', [id])).toBe(1);
  });
});

describe('concurrent creates with the same slug', () => {
  it('give 20 events 20 distinct slugs', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.http.post(EVENTS).set('Authorization', ADMIN).send({ title: 'Same Title', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    const slugs = responses.map((r) => r.body.slug);
    expect(new Set(slugs).size).toBe(20);
    expect(slugs).toContain('same-title');
    const stored = await sql().rows<{ post_name: string }>(`SELECT post_name FROM ${sql().table('posts')} WHERE post_title = ?`, ['Same Title']);
    expect(new Set(stored.map((r) => r.post_name)).size).toBe(20);
  });

  it('give 20 categories with one requested slug 20 distinct slugs', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.http
          .post(`${BASE}/categories`)
          .set('Authorization', ADMIN)
          .send({ name: `Shared slug ${i}`, slug: 'shared-slug' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    expect(new Set(responses.map((r) => r.body.slug)).size).toBe(20);
  });

  it('let only one of 20 categories with the same name through (term_exists for the others)', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.http.post(`${BASE}/categories`).set('Authorization', ADMIN).send({ name: 'Only once' })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 400).map((r) => r.body.code)).toEqual(Array(19).fill('term_exists'));
    expect(await countRows(t, 'terms', 'name = ?', ['Only once'])).toBe(1);
  });
});
