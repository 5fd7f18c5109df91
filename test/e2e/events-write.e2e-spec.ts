import { occurrenceHash } from '../../src/dates';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, countRows, createEvent, eventMeta, eventPost, EVENTS, MINIMAL, SITE, tecRows, termCount } from './events-write-helpers';

describe('events: create (POST /events)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('required fields and validation', () => {
    it('reports every missing required field at once (400 rest_missing_callback_param)', async () => {
      const res = await t.http.post(EVENTS).set('Authorization', ADMIN).send({ title: 'No dates' }).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400, params: ['start_date', 'end_date'] } });
      const none = await t.http.post(EVENTS).set('Authorization', ADMIN).send({}).expect(400);
      expect(none.body.data.params).toEqual(['title', 'start_date', 'end_date']);
    });

    it('rejects empty or unparsable values and JSON numbers for the dates (400 rest_invalid_param, all names)', async () => {
      const res = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({
          title: '',
          start_date: 'not a date',
          end_date: 1812380400,
          all_day: 'yes',
          website: 'foo',
          timezone: 'Mars/Base',
          status: 'inherit',
          author: 23,
          date: 'foo',
        })
        .expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params).sort()).toEqual(['all_day', 'date', 'end_date', 'start_date', 'status', 'timezone', 'title', 'website'].sort());
      // Checks that need the database come once the request shape is valid, all names together.
      const author = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...MINIMAL, author: 23, venue: 99999, organizer: [{ organizer: 'Ok' }, 'x'] })
        .expect(400);
      expect(Object.keys(author.body.data.params).sort()).toEqual(['author', 'organizer', 'venue']);
      const offset = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...MINIMAL, timezone: 'UTC+abc' })
        .expect(400);
      expect(Object.keys(offset.body.data.params)).toEqual(['timezone']);
      expect(await countRows(t, 'posts', "post_type = 'tribe_events'")).toBe(0);
    });

    it('accepts a Unix timestamp sent as a string', async () => {
      const body = await createEvent(t, { start_date: '1812380400', end_date: '1812387600' });
      expect(body.utc_start_date).toBe('2027-06-07 15:00:00');
      expect(body.utc_end_date).toBe('2027-06-07 17:00:00');
    });
  });

  describe('a minimal create', () => {
    it('answers 201 with the event and stores the rows the plugin stores', async () => {
      const res = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...MINIMAL, title: 'Minimal' })
        .expect(201);
      const id = res.body.id;
      expect(res.body).toMatchObject({
        status: 'publish',
        author: '1',
        title: 'Minimal',
        slug: 'minimal',
        url: `${SITE}/event/minimal/`,
        start_date: '2027-01-01 10:00:00',
        end_date: '2027-01-01 12:00:00',
        utc_start_date: '2027-01-01 10:00:00',
        timezone: 'UTC',
        all_day: false,
        cost: '',
        website: `${SITE}/event/minimal/`,
        show_map: false,
        show_map_link: false,
        hide_from_listings: false,
        sticky: false,
        featured: false,
        categories: [],
        tags: [],
        venue: [],
        organizer: [],
      });
      expect(res.body.json_ld).toBeUndefined();
      const post = await eventPost(t, id);
      expect(post).toMatchObject({
        post_type: 'tribe_events',
        post_status: 'publish',
        post_name: 'minimal',
        comment_status: 'closed',
        ping_status: 'closed',
        menu_order: 0,
        guid: `${SITE}/event/minimal/`,
      });
      const meta = await eventMeta(t, id);
      expect(Object.keys(meta)).toEqual([
        '_EventOrigin',
        '_EventShowMapLink',
        '_EventShowMap',
        '_EventStartDate',
        '_EventEndDate',
        '_EventStartDateUTC',
        '_EventEndDateUTC',
        '_EventDuration',
        '_EventTimezone',
        '_EventTimezoneAbbr',
        '_tribe_modified_fields',
      ]);
      expect(meta).toMatchObject({
        _EventOrigin: ['events-calendar'],
        _EventShowMapLink: [''],
        _EventShowMap: [''],
        _EventDuration: ['7200'],
        _EventTimezone: ['UTC'],
        _EventTimezoneAbbr: ['UTC'],
      });
      expect(meta._tribe_modified_fields[0]).toMatch(/^a:10:\{s:12:"_EventOrigin";i:\d+;s:17:"_EventShowMapLink";/);
    });

    it('keeps tec_events and the single occurrence in step (hash rules of storage.md §11)', async () => {
      const body = await createEvent(t, { title: 'CT1', timezone: 'America/New_York', start_date: '2027-03-10 10:00:00', end_date: '2027-03-10 12:30:00' });
      const { event, occurrences } = await tecRows(t, body.id);
      expect(event).toMatchObject({
        start_date: '2027-03-10 10:00:00',
        end_date: '2027-03-10 12:30:00',
        timezone: 'America/New_York',
        start_date_utc: '2027-03-10 15:00:00',
        end_date_utc: '2027-03-10 17:30:00',
        hash: '',
      });
      expect(Number(event!.duration)).toBe(9000);
      expect(occurrences).toHaveLength(1);
      expect(Number(occurrences[0].event_id)).toBe(Number(event!.event_id));
      expect(occurrences[0].hash).toBe(
        occurrenceHash({
          postId: body.id,
          startDate: '2027-03-10 10:00:00',
          endDate: '2027-03-10 12:30:00',
          startDateUtc: '2027-03-10 15:00:00',
          endDateUtc: '2027-03-10 17:30:00',
          duration: 9000,
        }),
      );
      expect(String(occurrences[0].start_date_utc)).toContain('2027-03-10');
    });

    it('clamps an end before the start (Q49) and writes rows with duration 0', async () => {
      const body = await createEvent(t, { title: 'Bad', start_date: '2027-01-02 10:00:00', end_date: '2027-01-01 10:00:00' });
      expect(body).toMatchObject({ start_date: '2027-01-02 10:00:00', end_date: '2027-01-02 10:00:00', utc_end_date: '2027-01-02 10:00:00' });
      expect(Number((await tecRows(t, body.id)).event!.duration)).toBe(0);
    });
  });

  describe('every field', () => {
    it('stores title, description, excerpt, slug, flags, website, cost and currency', async () => {
      const body = await createEvent(t, {
        title: 'Sample Event',
        description: '<p>Sample description</p>',
        excerpt: 'Short excerpt',
        slug: 'My Custom Slug',
        timezone: 'America/New_York',
        start_date: '2027-02-01 10:00:00',
        end_date: '2027-02-01 12:00:00',
        cost: '20$',
        website: 'https://example.com/event?a=1&b=<x>2',
        show_map: true,
        show_map_link: 'true',
        hide_from_listings: '1',
        sticky: true,
        featured: 1,
      });
      expect(body).toMatchObject({
        title: 'Sample Event',
        description: '<p>Sample description</p>',
        excerpt: '<p>Short excerpt</p>',
        slug: 'my-custom-slug',
        utc_start_date: '2027-02-01 15:00:00',
        timezone: 'America/New_York',
        timezone_abbr: 'EST',
        cost: '20$',
        cost_details: { currency_symbol: '$', currency_position: 'postfix', values: ['20'] },
        website: 'https://example.com/event?a=1&amp;b=2',
        show_map: true,
        show_map_link: true,
        hide_from_listings: true,
        sticky: true,
        featured: true,
      });
      const meta = await eventMeta(t, body.id);
      expect(meta).toMatchObject({
        _EventCost: ['20$'],
        _EventCurrencySymbol: ['$'],
        _EventCurrencyPosition: ['postfix'],
        _EventURL: ['https://example.com/event?a=1&b=2'],
        _EventShowMap: ['1'],
        _EventShowMapLink: ['1'],
        _EventHideFromUpcoming: ['yes'],
        _tribe_featured: ['1'],
      });
      expect((await eventPost(t, body.id)).menu_order).toBe(-1);
    });

    it('stores one cost row per value; a cost of 0 stores nothing; website "" stores no row', async () => {
      const list = await createEvent(t, { cost: ['0$', '20$', '30$'] });
      expect(list.cost).toBe('Free – 30$');
      expect((await eventMeta(t, list.id))._EventCost).toEqual(['0$', '20$', '30$']);
      const numbers = await createEvent(t, { cost: [10, '20'] });
      expect(numbers).toMatchObject({ cost: '$10 – $20', cost_details: { values: ['10', '20'] } });
      const zero = await createEvent(t, { cost: 0, website: '' });
      const meta = await eventMeta(t, zero.id);
      expect(meta._EventCost).toBeUndefined();
      expect(meta._EventURL).toBeUndefined();
      expect(zero.website).toBe(zero.url);
    });

    it('interprets the dates in an IANA zone or a fixed UTC±N offset (Q67) and stores the zone as given', async () => {
      const ny = await createEvent(t, { timezone: 'America/New_York', start_date: '2027-07-01 10:00:00', end_date: '2027-07-01 11:00:00' });
      expect(ny).toMatchObject({ utc_start_date: '2027-07-01 14:00:00', timezone_abbr: 'EDT' });
      const offset = await createEvent(t, { timezone: 'UTC+2', start_date: '2027-07-01 10:00:00', end_date: '2027-07-01 11:00:00' });
      expect(offset).toMatchObject({ start_date: '2027-07-01 10:00:00', utc_start_date: '2027-07-01 08:00:00', timezone: 'UTC+2', timezone_abbr: 'UTC+2' });
      const meta = await eventMeta(t, offset.id);
      expect(meta).toMatchObject({ _EventTimezone: ['UTC+2'], _EventTimezoneAbbr: ['UTC+2'], _EventStartDateUTC: ['2027-07-01 08:00:00'] });
      expect((await tecRows(t, offset.id)).event!.timezone).toBe('UTC+2');
      const lower = await createEvent(t, { timezone: 'europe/paris' });
      expect(lower.timezone).toBe('europe/paris');
    });

    it('expands all-day events to whole days (multi-day allowed) and writes _EventAllDay = 1', async () => {
      const body = await createEvent(t, { all_day: true, start_date: '2027-05-01 09:00:00', end_date: '2027-05-03 11:00:00' });
      expect(body).toMatchObject({ all_day: true, start_date: '2027-05-01 00:00:00', end_date: '2027-05-03 23:59:59' });
      const meta = await eventMeta(t, body.id);
      expect(meta._EventAllDay).toEqual(['1']);
      expect(meta._EventDuration).toEqual(['259199']);
      const notAllDay = await createEvent(t, { all_day: false });
      expect((await eventMeta(t, notAllDay.id))._EventAllDay).toBeUndefined();
    });

    it('sanitises stored text for callers without unfiltered_html only', async () => {
      const body = await createEvent(t, { title: 'Script <script>alert(1)</script>', description: '<p onclick="x()">Hi</p><script>alert(2)</script>' });
      const post = await eventPost(t, body.id);
      // The administrator has unfiltered_html: stored as sent.
      expect(post.post_content).toBe('<p onclick="x()">Hi</p><script>alert(2)</script>');
    });

    it('publication date in the site zone, future status for a future date', async () => {
      const body = await createEvent(t, { date: '2030-01-01 10:00:00' });
      expect(body).toMatchObject({ status: 'future', date: '2030-01-01 10:00:00', date_utc: '2030-01-01 10:00:00' });
      const past = await createEvent(t, { status: 'future', date_utc: '2020-01-01 10:00:00' });
      expect(past.status).toBe('publish');
    });

    it('makes slugs unique among events and leaves drafts without a derived slug', async () => {
      const a = await createEvent(t, { title: 'Same Name' });
      const b = await createEvent(t, { title: 'Same Name' });
      expect([a.slug, b.slug]).toEqual(['same-name', 'same-name-2']);
      const feed = await createEvent(t, { title: 'feed' });
      expect(feed.slug).toBe('feed-2');
      const draft = await createEvent(t, { title: 'Draft One', status: 'draft' });
      expect(draft).toMatchObject({ status: 'draft', slug: '', date_utc: '0000-00-00 00:00:00' });
      expect((await eventPost(t, draft.id)).guid).toBe(`${SITE}/?post_type=tribe_events&p=${draft.id}`);
    });
  });

  describe('categories and tags', () => {
    it('assigns terms by ID, slug or name, creates unknown names, and keeps counts right (Q37, Q66)', async () => {
      const cat = await t.http.post(`${BASE}/categories`).set('Authorization', ADMIN).send({ name: 'Music' }).expect(201);
      const tag = await t.http.post(`${BASE}/tags`).set('Authorization', ADMIN).send({ name: 'Tag 01' }).expect(201);
      const body = await createEvent(t, { categories: `${cat.body.id}, New Category, 99999`, tags: ['tag-01', 'Brand New Tag'] });
      expect(body.categories.map((c: { name: string }) => c.name)).toEqual(['Music', 'New Category']);
      // Q66 DEVIATE: an existing tag given by slug is that tag (no tag named after its ID digits).
      expect(body.tags.map((c: { name: string }) => c.name)).toEqual(['Brand New Tag', 'Tag 01']);
      expect(body.categories.find((c: { name: string }) => c.name === 'Music').count).toBe(1);
      expect(await termCount(t, tag.body.id)).toBe(1);
      expect(await countRows(t, 'terms', 'name = ?', [String(tag.body.id)])).toBe(0);

      const draft = await createEvent(t, { status: 'draft', categories: [cat.body.id] });
      expect(await termCount(t, cat.body.id)).toBe(1);
      await t.http.post(`${EVENTS}/${draft.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200);
      expect(await termCount(t, cat.body.id)).toBe(2);
      await t.http.delete(`${EVENTS}/${draft.id}`).set('Authorization', ADMIN).expect(200);
      expect(await termCount(t, cat.body.id)).toBe(1);
      const cleared = await t.http.post(`${EVENTS}/${body.id}`).set('Authorization', ADMIN).send({ categories: '', tags: [] }).expect(200);
      expect(cleared.body).toMatchObject({ categories: [], tags: [] });
      expect(await termCount(t, cat.body.id)).toBe(0);
    });

    it('rejects term items that are not IDs or names', async () => {
      const res = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...MINIMAL, categories: [{ id: 1 }] })
        .expect(400);
      expect(res.body.data.params).toHaveProperty('categories');
    });
  });
});
