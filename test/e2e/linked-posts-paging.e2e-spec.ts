import { Sql } from '../../src/database/sql';
import { PostsStore } from '../../src/wordpress/posts.store';
import { bumpCacheVersion } from '../support/data-version';
import { startTestApp, TestApp } from '../support/test-app';
import { addMeta, ADMIN, BASE, SITE, setPostColumns } from './linked-posts-test-helpers';

const VENUES = `${BASE}/venues`;

type Listed = { venues: { id: number; venue: string }[]; total: number; total_pages: number };

/**
 * The statements a request runs through the Sql seam: how many in all, how many read the posts tables
 * (the list's own; settings and cache state may be cached between requests), and the most rows one returned.
 */
async function statementsOf(t: TestApp, path: string): Promise<{ all: number; posts: number; largest: number; body: Listed }> {
  const spy = jest.spyOn(Sql.prototype, 'rows');
  try {
    const res = await t.http.get(path).expect(200);
    const results = await Promise.all(spy.mock.results.map((r) => r.value as Promise<unknown[]>));
    return {
      all: spy.mock.calls.length,
      posts: spy.mock.calls.filter(([text]) => /\bwp_post(s|meta)\b/.test(text)).length,
      largest: Math.max(0, ...results.map((rows) => rows.length)),
      body: res.body,
    };
  } finally {
    spy.mockRestore();
  }
}

/** WordPress' list order (lists-and-filters.md §3.4): publication date descending, then ID descending. */
const newestFirst = (records: { id: number; date: string }[]) =>
  [...records].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1)).map((r) => r.id);

describe('venue and organizer lists paged in SQL (issue #14)', () => {
  describe('search and paging', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    const create = async (body: Record<string, unknown>, collection = 'venues') => {
      const res = await t.http.post(`${BASE}/${collection}`).set('Authorization', ADMIN).send(body);
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as number;
    };
    const found = async (search: string, collection = 'venues') => {
      const res = await t.http.get(`${BASE}/${collection}?per_page=50&search=${encodeURIComponent(search)}`).expect(200);
      return (res.body[collection] as { venue?: string; organizer?: string }[]).map((r) => r.venue ?? r.organizer).sort();
    };

    it('ignores case and accents in the records and in the search, the same on both engines', async () => {
      await create({ venue: 'Café Müller', city: 'Zürich' });
      await create({ venue: 'CAFE MULLER Annex' });
      await create({ venue: 'Cafetería Señor', address: 'Calle Ñandú 5' });
      await create({ organizer: 'Élodie Brontë', email: 'elodie@accents.example' }, 'organizers');
      for (const search of ['cafe muller', 'MÜLLER café', 'CaFé, mUlLeR']) {
        expect(await found(search)).toEqual(['CAFE MULLER Annex', 'Café Müller']);
      }
      expect(await found('cafe-muller')).toEqual([]); // `-` belongs to the fragment
      expect(await found('zurich')).toEqual(['Café Müller']);
      expect(await found('ZÜRICH')).toEqual(['Café Müller']);
      expect(await found('nandu calle')).toEqual(['Cafetería Señor']);
      expect(await found('SENOR cafeteria')).toEqual(['Cafetería Señor']);
      expect(await found('elodie bronte', 'organizers')).toEqual(['Élodie Brontë']);
      expect(await found('ÉLODIE', 'organizers')).toEqual(['Élodie Brontë']);
    });

    it('matches only when one field — title, content, excerpt or one searched meta row — holds every fragment', async () => {
      await create({ venue: 'Quorvex Hall', city: 'Orchid' });
      const inContent = await create({ venue: 'Content Place', description: '<p>An orchid garden by quorvex</p>' });
      const inExcerpt = await create({ venue: 'Excerpt Place' });
      await setPostColumns(t, inExcerpt, { post_excerpt: 'Quorvex of the Orchid' });
      const twoRows = await create({ venue: 'Two Rows' });
      await addMeta(t, twoRows, '_VenueCity', 'Lilyton');
      await addMeta(t, twoRows, '_VenueCity', 'Zebrafield');
      await create({ venue: 'One Row', city: 'Zebrafield Lilyton' });
      await create({ venue: 'Unsearched Field', country: 'Quorvex Orchid', website: 'https://quorvex-orchid.example' });
      expect(await found('quorvex orchid')).toEqual(['Content Place', 'Excerpt Place']);
      expect(await found('lilyton zebrafield')).toEqual(['One Row']);
      expect(await found('lilyton')).toEqual(['One Row', 'Two Rows']);
      expect(await found('quorvex hall orchid')).toEqual([]);
      expect(inContent).toBeGreaterThan(0);
    });

    it('pages a search newest first with the totals and links of the whole match', async () => {
      const records: { id: number; date: string }[] = [];
      for (let i = 0; i < 23; i++) {
        // Half by title, half by city only; some publication dates tie (then ID descending).
        const id = await create(i % 2 ? { venue: `Pagesearch ${i}` } : { venue: `Paged by city ${i}`, city: 'Pagesearchville' });
        const date = `2024-03-${String(10 + (i % 7)).padStart(2, '0')} 12:00:00`;
        await setPostColumns(t, id, { post_date: date });
        records.push({ id, date });
      }
      await create({ venue: 'Not on any page', city: 'Elsewhere' });
      const locked = await create({ venue: 'Locked by city', city: 'Pagesearchville' });
      await setPostColumns(t, locked, { post_date: '2024-01-01 00:00:00', post_password: 'Sesame' });
      const expected = newestFirst(records);

      const pages = [];
      for (const page of [1, 2, 3]) {
        const res = await t.http.get(`${VENUES}?search=pagesearch&per_page=10&page=${page}`).expect(200);
        expect(res.body).toMatchObject({ total: 23, total_pages: 3 });
        expect(res.headers['x-wp-total']).toBe('23');
        expect(res.headers['x-wp-totalpages']).toBe('3');
        pages.push(...res.body.venues.map((v: { id: number }) => v.id));
        if (page === 2) {
          expect(String(res.headers.link)).toContain(`<${res.body.previous_rest_url}>; rel="prev"`);
          expect(String(res.headers.link)).toContain(`<${res.body.next_rest_url}>; rel="next"`);
          expect(res.body.next_rest_url).toContain('search=pagesearch');
        }
      }
      expect(pages).toEqual(expected);
      expect((await t.http.get(`${VENUES}?search=pagesearch&per_page=10&page=4`).expect(404)).body.code).toBe('venue-archive-page-not-found');

      // The locked record's city counts only for the caller who unlocked it, in the page and the total.
      const unlocked = await t.http.get(`${VENUES}?search=pagesearch&per_page=10&page=3&password=Sesame`).expect(200);
      expect(unlocked.body.total).toBe(24);
      expect(unlocked.body.venues.map((v: { id: number }) => v.id)).toEqual([...expected.slice(20), locked]);
    });
  });

  describe('a large list', () => {
    const BULK = 2000;
    let t: TestApp;
    let bulk: { id: number; date: string; city: boolean }[];
    let smallList: Awaited<ReturnType<typeof statementsOf>>;

    beforeAll(async () => {
      t = await startTestApp();
      for (let i = 0; i < 3; i++) {
        await t.http
          .post(VENUES)
          .set('Authorization', ADMIN)
          .send({ venue: `Early ${i}` })
          .expect(201);
      }
      // Nothing kept (the three writes above retire only their own venues): the small list loads its records too.
      await bumpCacheVersion(t);
      smallList = await statementsOf(t, `${VENUES}?per_page=20&page=1`);
      // Seeded as rows in one transaction: 2,000 venues, every tenth with a searched city.
      const posts = t.app.get(PostsStore);
      bulk = await t.db.transaction(async () => {
        const seeded: { id: number; date: string; city: boolean }[] = [];
        for (let i = 0; i < BULK; i++) {
          const minute = Math.floor(i / 3); // three venues per publication date: ties order by ID
          const date = `2020-01-${String(1 + Math.floor(minute / 1440)).padStart(2, '0')} ${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
          const id = await posts.insert({
            post_type: 'tribe_venue',
            post_status: 'publish',
            post_author: 1,
            post_title: `Bulkvenue ${i}`,
            post_name: `bulkvenue-${i}`,
            post_date: date,
            post_date_gmt: date,
            post_modified: date,
            post_modified_gmt: date,
            guid: (id) => `${SITE}/?post_type=tribe_venue&p=${id}`,
          });
          if (i % 10 === 0) await posts.addMeta(id, '_VenueCity', 'Grand Zürich');
          seeded.push({ id, date, city: i % 10 === 0 });
        }
        return seeded;
      });
    }, 180_000);
    afterAll(() => t.close());

    it('reads one page with as many statements as a small list, never every ID', async () => {
      expect(smallList.body.total).toBe(3);
      const ordered = newestFirst(bulk);
      const cases = [
        { path: `${VENUES}?per_page=20&page=1`, total: BULK + 3, ids: undefined },
        { path: `${VENUES}?per_page=20&page=60`, total: BULK + 3, ids: ordered.slice(20 * 59 - 3, 20 * 60 - 3) },
        { path: `${VENUES}?per_page=20&page=101`, total: BULK + 3, ids: ordered.slice(20 * 100 - 3) },
        { path: `${VENUES}?per_page=20&page=7&search=zurich grand`, total: BULK / 10, ids: newestFirst(bulk.filter((b) => b.city)).slice(120, 140) },
      ];
      for (const { path, total, ids } of cases) {
        const read = await statementsOf(t, path);
        expect(read.body.total).toBe(total);
        if (ids) expect(read.body.venues.map((v) => v.id)).toEqual(ids);
        // At most the small list's statements (a total already counted under this data version is reused);
        // besides them, a fixed number for the read model: its rows read and, for a page read for the
        // first time, the rows of its records and its total kept (counters, journal, epoch, keys, rows).
        expect(read.posts).toBeLessThanOrEqual(smallList.posts);
        expect(read.all).toBeLessThanOrEqual(20);
        expect(read.largest).toBeLessThan(200);
      }
      expect(smallList.posts).toBeLessThanOrEqual(4);
    });
  });
});
