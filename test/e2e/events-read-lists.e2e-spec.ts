import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, daysFromNow, EVENTS, ids, insertEvent, insertLinked, insertTerm, Login, setTribeOptions, userWithRole } from './events-test-helpers';

/** Explicit window that contains every event of these suites (2030). */
const Y2030 = 'start_date=2030-01-01&end_date=2030-12-31';

describe('event lists', () => {
  let t: TestApp;
  let subscriber: Login;
  let contributor: Login;
  let editor: Login;

  beforeAll(async () => {
    t = await startTestApp();
    subscriber = await userWithRole(t, 'subscriber');
    contributor = await userWithRole(t, 'contributor');
    editor = await userWithRole(t, 'editor');
  });
  afterAll(() => t.close());

  const list = (query: string, auth?: string) => {
    const req = t.http.get(`${EVENTS}?${query}`);
    return auth ? req.set('Authorization', auth) : req;
  };
  const listIds = async (query: string, auth?: string) => {
    const res = await list(query, auth);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return ids(res.body);
  };

  describe('envelope, ordering and paging', () => {
    let paged: number[];
    beforeAll(async () => {
      paged = [];
      // Inserted in reverse start order; two share a start (ties by ID ascending).
      for (const day of [9, 8, 7, 6, 5, 4, 3, 2, 1]) paged.push(await insertEvent(t, { title: `Paged ${day}`, start: `2031-01-0${day} 10:00:00` }));
      paged.push(await insertEvent(t, { title: 'Paged tie', start: '2031-01-05 10:00:00' }));
      paged.push(await insertEvent(t, { title: 'Paged tie', start: '2031-01-05 10:00:00' }));
    });
    const window = 'start_date=2031-01-01&end_date=2031-01-31';

    it('orders by start ascending, ties by ID, with the envelope and headers of §1', async () => {
      const res = await list(`${window}&per_page=4`).expect(200);
      expect(Object.keys(res.body)).toEqual(['events', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
      expect(res.body.total).toBe(11);
      expect(res.body.total_pages).toBe(3);
      expect(res.headers['x-tec-total']).toBe('11');
      expect(res.headers['x-tec-totalpages']).toBe('3');
      expect(res.body.events.map((e: { title: string }) => e.title)).toEqual(['Paged 1', 'Paged 2', 'Paged 3', 'Paged 4']);
      expect(res.body.events[0].json_ld).toBeUndefined();
      expect(res.body.rest_url).toBe('http://127.0.0.1:3000/wp-json/tribe/events/v1/events/?start_date=2031-01-01&end_date=2031-01-31&per_page=4&page=1');
      const second = (await list(`${window}&per_page=4&page=2`).expect(200)).body;
      expect(ids(second)).toEqual([paged[4], paged[9], paged[10], paged[3]]);
      expect(second.previous_rest_url).not.toContain('page=1');
      const last = (await list(`${window}&per_page=4&page=3`).expect(200)).body;
      expect(last.next_rest_url).toBeUndefined();
      expect(last.events.length).toBe(3);
    });

    it('answers 404 event-archive-page-not-found beyond the last page, without the list headers', async () => {
      const res = await list(`${window}&per_page=4&page=4`).expect(404);
      expect(res.body.code).toBe('event-archive-page-not-found');
      expect(res.headers['x-tec-total']).toBeUndefined();
      const empty = (await list('start_date=2040-01-01&end_date=2040-01-31').expect(200)).body;
      expect(empty).toMatchObject({ events: [], total: 0, total_pages: 0 });
    });

    it('defaults per_page to the site setting (TEC option first) and caps it at 50', async () => {
      expect((await list(window).expect(200)).body.events.length).toBe(10);
      await setTribeOptions(t, { posts_per_page: 3 });
      expect((await list(window).expect(200)).body.events.length).toBe(3);
      await setTribeOptions(t, { posts_per_page: '' });
      const many = [];
      for (let i = 0; i < 45; i++) many.push(insertEvent(t, { title: 'Bulk', start: '2032-06-01 10:00:00' }));
      await Promise.all(many);
      const capped = (await list('start_date=2031-01-01&end_date=2032-12-31&per_page=100').expect(200)).body;
      expect(capped.events.length).toBe(50);
      expect(capped.total).toBe(56);
      expect(capped.total_pages).toBe(2);
    });

    it('rejects bad paging values', async () => {
      const reasons = {
        'page=foo': 'page is not of type integer.',
        'page=0': 'page must be a whole number of 1 or more: 0.',
        'page=-1': 'page must be a whole number of 1 or more: -1.',
        'per_page=abc': 'per_page is not of type integer.',
        'per_page=0': 'per_page must be a whole number of 1 or more: 0.',
      };
      for (const [q, reason] of Object.entries(reasons)) {
        const res = await list(q).expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        // The plugin's own validate_callback: the reason, no details entry.
        expect(res.body.data).toMatchObject({ params: { [q.split('=')[0]]: reason }, details: [] });
      }
    });
  });

  describe('the date window', () => {
    let yesterday: number;
    let today: number;
    let running: number;
    let inTwoYears: number;
    let nextMonth: number;

    beforeAll(async () => {
      yesterday = await insertEvent(t, { title: 'Window yesterday', start: daysFromNow(-1, '08:00:00'), end: daysFromNow(-1, '09:00:00') });
      today = await insertEvent(t, { title: 'Window today', start: daysFromNow(0, '00:30:00'), end: daysFromNow(0, '01:00:00') });
      running = await insertEvent(t, { title: 'Window running', start: daysFromNow(-3), end: daysFromNow(3) });
      nextMonth = await insertEvent(t, { title: 'Window next month', start: daysFromNow(30), end: daysFromNow(30, '12:00:00') });
      inTwoYears = await insertEvent(t, { title: 'Window far', start: daysFromNow(800), end: daysFromNow(800, '12:00:00') });
    });

    it('by default lists events starting from the start of yesterday (UTC site) and ending within 24 months (Q16)', async () => {
      const listed = await listIds('search=Window');
      expect(listed).toEqual([yesterday, today, nextMonth]);
      expect(listed).not.toContain(running);
      expect(listed).not.toContain(inTwoYears);
    });

    it('rounds start_date to the day start and end_date to the day end (inclusive mode)', async () => {
      const day = daysFromNow(30, '').trim();
      expect(await listIds(`search=Window&start_date=${day} 11:59&end_date=${day} 00:01`)).toEqual([nextMonth]);
    });

    it('reads the bounds exactly in strict mode (Q18: as UTC, shown in the site zone)', async () => {
      const day = daysFromNow(30, '').trim();
      expect(await listIds(`search=Window&strict_dates=true&start_date=${day} 10:00:01&end_date=${day} 23:00:00`)).toEqual([]);
      expect(await listIds(`search=Window&strict_dates=yes&start_date=${day} 10:00:00&end_date=${day} 12:00:00`)).toEqual([nextMonth]);
      expect(await listIds(`search=Window&strict_dates=false&start_date=${day} 10:00:01&end_date=${day} 00:00:00`)).toEqual([nextMonth]);
    });

    it('applies starts_*/ends_* at the end of their day and drops the default bounds (Q17)', async () => {
      const before = daysFromNow(-2, '').trim();
      expect(await listIds(`search=Window&starts_before=${before}`)).toEqual([running]);
      expect(await listIds(`search=Window&starts_after=${daysFromNow(30, '').trim()}`)).toEqual([inTwoYears]);
      expect(await listIds(`search=Window&ends_after=${daysFromNow(29, '').trim()}`)).toEqual([nextMonth, inTwoYears]);
      expect(await listIds(`search=Window&ends_before=${daysFromNow(0, '').trim()}`)).toEqual([yesterday, today]);
      expect(await listIds(`search=Window&ends_before=${daysFromNow(-1, '').trim()}`)).toEqual([yesterday]);
      expect(await listIds(`search=Window&ends_after=${daysFromNow(29, '').trim()}&end_date=${daysFromNow(31, '').trim()}`)).toEqual([nextMonth]);
    });

    it('accepts Unix timestamps and rejects unparsable dates', async () => {
      const ts = Math.floor(Date.parse(`${daysFromNow(30, '00:00:00').replace(' ', 'T')}Z`) / 1000);
      expect(await listIds(`search=Window&start_date=${ts}`)).toEqual([nextMonth]);
      for (const q of ['start_date=foo', 'end_date=nope', 'starts_after=bar', 'strict_dates=']) {
        expect((await list(q).expect(400)).body.code).toBe('rest_invalid_param');
      }
    });

    it('ignores the window with include (Q19), orders by publication date, keeps starts_*/ends_*', async () => {
      const a = await insertEvent(t, { title: 'Included', start: '2019-05-01 10:00:00', postDate: '2026-02-01 00:00:00' });
      const b = await insertEvent(t, { title: 'Included', start: '2045-05-01 10:00:00', postDate: '2025-02-01 00:00:00' });
      expect(await listIds(`include=${a},${b},999999`)).toEqual([b, a]);
      expect(await listIds(`include[]=${a}&include[]=${b}&start_date=2045-01-01`)).toEqual([b, a]);
      expect(await listIds(`include=${a},${b}&starts_after=2030-01-01`)).toEqual([b]);
      for (const q of ['include=foo-bar,23', 'include=0']) expect((await list(q).expect(400)).body.code).toBe('rest_invalid_param');
    });
  });

  describe('filters', () => {
    const e: Record<string, number> = {};
    let venues: number[];
    let organizers: number[];
    let music: { term_id: number; slug: string };
    let jazz: { term_id: number };
    let tag: { term_id: number; slug: string };

    beforeAll(async () => {
      const parent = await insertTerm(t, 'tribe_events_cat', 'Filter Music');
      const child = await insertTerm(t, 'tribe_events_cat', 'Filter Jazz', parent);
      const other = await insertTerm(t, 'tribe_events_cat', 'Filter Other');
      const t1 = await insertTerm(t, 'post_tag', 'Filter Tag');
      music = parent;
      jazz = child;
      tag = t1;
      venues = [await insertLinked(t, 'tribe_venue', 'Filter Venue 1'), await insertLinked(t, 'tribe_venue', 'Filter Venue 2', [], 'draft')];
      organizers = [await insertLinked(t, 'tribe_organizer', 'Filter Org 1'), await insertLinked(t, 'tribe_organizer', 'Filter Org 2')];
      e.parentCat = await insertEvent(t, { title: 'F parent cat', start: '2030-02-01 10:00:00', categories: [parent], venue: venues[0] });
      e.childCat = await insertEvent(t, { title: 'F child cat', start: '2030-02-02 10:00:00', categories: [child], tags: [t1], venue: venues[1] });
      e.otherCat = await insertEvent(t, {
        title: 'F other cat',
        start: '2030-02-03 10:00:00',
        categories: [other],
        organizers: [organizers[1], organizers[0]],
      });
      e.featured = await insertEvent(t, { title: 'F featured', start: '2030-02-04 10:00:00', featured: true, tags: [t1], organizers: [organizers[1]] });
      e.hidden = await insertEvent(t, { title: 'F hidden', start: '2030-02-05 10:00:00', hidden: true, featured: true, categories: [parent] });
      e.child = await insertEvent(t, { title: 'F child event', start: '2030-02-06 10:00:00', postParent: e.parentCat });
    });
    const all = `${Y2030}&search=F`;

    it('filters by categories (ID, slug, name; descendants included; comma list or repeated keys)', async () => {
      expect(await listIds(`${all}&categories=${music.term_id}`)).toEqual([e.parentCat, e.childCat]);
      expect(await listIds(`${all}&categories=${music.slug}`)).toEqual([e.parentCat, e.childCat]);
      expect(await listIds(`${all}&categories=Filter Jazz`)).toEqual([e.childCat]);
      expect(await listIds(`${all}&categories[]=${jazz.term_id}&categories[]=filter-other`)).toEqual([e.childCat, e.otherCat]);
      expect(await listIds(`${all}&categories=${jazz.term_id},filter-other`)).toEqual([e.childCat, e.otherCat]);
      const bad = await list(`${all}&categories=nope&tags=also-nope`).expect(400);
      expect(Object.keys(bad.body.data.params).sort()).toEqual(['categories', 'tags']);
    });

    it('filters by tags, and by categories AND tags together', async () => {
      expect(await listIds(`${all}&tags=${tag.term_id}`)).toEqual([e.childCat, e.featured]);
      expect(await listIds(`${all}&tags=${tag.slug}&categories=${music.term_id}`)).toEqual([e.childCat]);
    });

    it('filters by venue and organizer (any listed; venues of any status); unknown IDs are invalid', async () => {
      expect(await listIds(`${all}&venue=${venues[1]}`)).toEqual([e.childCat]);
      expect(await listIds(`${all}&venue=${venues[0]},${venues[1]}`)).toEqual([e.parentCat, e.childCat]);
      expect(await listIds(`${all}&organizer=${organizers[0]}`)).toEqual([e.otherCat]);
      expect(await listIds(`${all}&organizer[]=${organizers[1]}`)).toEqual([e.otherCat, e.featured]);
      for (const q of ['venue=foo', `venue=${organizers[0]}`, 'venue=999999', `organizer=${venues[0]}`]) {
        expect((await list(`${all}&${q}`).expect(400)).body.code).toBe('rest_invalid_param');
      }
    });

    it('filters by featured (true/false), never lists hidden events (Q20), filters by post_parent', async () => {
      expect(await listIds(`${all}&featured=true`)).toEqual([e.featured]);
      expect(await listIds(`${all}&featured=0`)).toEqual([e.parentCat, e.childCat, e.otherCat, e.child]);
      expect(await listIds(`include=${e.hidden}`, ADMIN)).toEqual([]);
      expect(await listIds(`${all}&post_parent=${e.parentCat}`)).toEqual([e.child]);
      expect((await list(`${all}&post_parent=${venues[0]}`).expect(400)).body.data.params).toHaveProperty('post_parent');
      expect((await list(`${all}&featured=yes`).expect(400)).body.code).toBe('rest_invalid_param');
    });

    it('without any Event Tickets data: ticketed=false is no filter, ticketed=true is refused', async () => {
      expect(await listIds(`${all}&ticketed=false`)).toHaveLength(5);
      const res = await list(`${all}&ticketed=true`).expect(400);
      expect(res.body.data.details.ticketed.code).toBe('event-tickets-not-active');
    });
  });

  describe('search (WP core rules)', () => {
    const s: Record<string, number> = {};
    beforeAll(async () => {
      s.foo = await insertEvent(t, { title: 'Zed foo', start: '2030-04-01 10:00:00' });
      s.fooBar = await insertEvent(t, { title: 'Zed foo bar', start: '2030-04-02 10:00:00' });
      s.bar = await insertEvent(t, { title: 'Zed', content: 'All about BAR 100%', start: '2030-04-03 10:00:00' });
      s.excerpt = await insertEvent(t, { title: 'Zed', excerpt: 'the quick fox', start: '2030-04-04 10:00:00' });
      s.locked = await insertEvent(t, { title: 'Zed foo locked', password: 'pw', start: '2030-04-05 10:00:00' });
    });

    it('matches every term in title, excerpt or content, case-insensitively; -term excludes', async () => {
      expect(await listIds(`${Y2030}&search=zed foo`)).toEqual([s.foo, s.fooBar]);
      expect(await listIds(`${Y2030}&search=zed bar`)).toEqual([s.fooBar, s.bar]);
      expect(await listIds(`${Y2030}&search=zed -foo`)).toEqual([s.bar, s.excerpt]);
      expect(await listIds(`${Y2030}&search="quick fox"`)).toEqual([s.excerpt]);
      expect(await listIds(`${Y2030}&search=100%25`)).toEqual([s.bar]);
      expect(await listIds(`${Y2030}&search=zed+a+the`)).toHaveLength(4);
    });

    it('leaves password-protected events out of anonymous searches only', async () => {
      expect(await listIds(`${Y2030}&search=locked`)).toEqual([]);
      expect(await listIds(`${Y2030}&search=locked`, subscriber.auth)).toEqual([s.locked]);
      expect((await list('search=').expect(400)).body.code).toBe('rest_invalid_param');
    });
  });

  describe('visibility and password blanking', () => {
    const v: Record<string, number> = {};
    beforeAll(async () => {
      v.published = await insertEvent(t, { title: 'V published', start: '2030-06-01 10:00:00' });
      v.ownDraft = await insertEvent(t, { title: 'V own draft', status: 'draft', author: contributor.id, start: '2030-06-02 10:00:00' });
      v.othersDraft = await insertEvent(t, { title: 'V others draft', status: 'draft', start: '2030-06-03 10:00:00' });
      v.private = await insertEvent(t, { title: 'V private', status: 'private', start: '2030-06-04 10:00:00' });
      v.trash = await insertEvent(t, { title: 'V trash', status: 'trash', start: '2030-06-05 10:00:00' });
      const venue = await insertLinked(t, 'tribe_venue', 'V venue');
      v.locked = await insertEvent(t, {
        title: 'V locked',
        password: 'pw',
        excerpt: 'secret',
        cost: ['5'],
        venue,
        featured: true,
        start: '2030-06-06 10:00:00',
      });
    });
    const window = 'start_date=2030-06-01&end_date=2030-06-30';

    it('shows published events to anonymous callers and subscribers', async () => {
      expect(await listIds(window)).toEqual([v.published, v.locked]);
      expect(await listIds(window, subscriber.auth)).toEqual([v.published, v.locked]);
    });

    it('adds only the records the caller could read one by one (Q21 DEVIATE)', async () => {
      expect(await listIds(window, contributor.auth)).toEqual([v.published, v.ownDraft, v.locked]);
      expect(await listIds(window, editor.auth)).toEqual([v.published, v.ownDraft, v.othersDraft, v.private, v.locked]);
    });

    it('accepts status from privileged callers only; publish alone from everybody (Q57)', async () => {
      expect(await listIds(`${window}&status=publish`)).toEqual([v.published, v.locked]);
      expect((await list(`${window}&status=draft`).expect(400)).body.data.params).toHaveProperty('status');
      expect((await list(`${window}&status=draft`, subscriber.auth).expect(400)).body.code).toBe('rest_invalid_param');
      expect(await listIds(`${window}&status=draft`, editor.auth)).toEqual([v.ownDraft, v.othersDraft]);
      expect(await listIds(`${window}&status=draft`, contributor.auth)).toEqual([v.ownDraft]);
      expect(await listIds(`${window}&status=trash`, editor.auth)).toEqual([v.trash]);
      expect(await listIds(`${window}&status=publish,private`, editor.auth)).toEqual([v.published, v.private, v.locked]);
      expect((await list(`${window}&status=bogus`, editor.auth).expect(400)).body.code).toBe('rest_invalid_param');
      // Arrays too (issue #16; TEC tests `EventArchiveCest`), with the same rules.
      expect(await listIds(`${window}&status[]=publish&status[]=private`, editor.auth)).toEqual([v.published, v.private, v.locked]);
      expect(await listIds(`${window}&status[]=draft`, contributor.auth)).toEqual([v.ownDraft]);
      expect(await listIds(`${window}&status[]=publish`)).toEqual([v.published, v.locked]);
      expect((await list(`${window}&status[]=publish&status[]=draft`).expect(400)).body.data.params).toHaveProperty('status');
      expect((await list(`${window}&status[]=bogus`, editor.auth).expect(400)).body.code).toBe('rest_invalid_param');
    });

    it('blanks password-protected events in lists unless the password matches (§4.4)', async () => {
      const locked = (await list(`include=${v.locked}`).expect(200)).body.events[0];
      expect(locked).toMatchObject({
        title: 'V locked',
        excerpt: '',
        cost: '',
        website: '',
        image: false,
        featured: null,
        all_day: null,
        show_map: null,
        categories: [],
        venue: [],
        organizer: [],
        custom_fields: [],
        cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
      });
      const open = (await list(`include=${v.locked}&password=pw`).expect(200)).body.events[0];
      expect(open).toMatchObject({ excerpt: '<p>secret</p>', featured: true, venue: expect.objectContaining({ venue: 'V venue' }) });
    });
  });
});
