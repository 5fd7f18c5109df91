import { EventsReadService } from '../../src/events/events-read.service';
import { ANONYMOUS } from '../../src/wordpress/caller';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, EVENTS, insertEvent, insertLinked, insertTerm, Login, SITE, setTribeOptions, userWithRole } from './events-test-helpers';

describe('reading single events', () => {
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

  describe('representation', () => {
    let id: number;
    let venue: number;
    let organizers: number[];

    beforeAll(async () => {
      venue = await insertLinked(t, 'tribe_venue', 'Town Hall', [
        ['_VenueAddress', '1 Main St'],
        ['_VenueCity', 'Springfield'],
      ]);
      organizers = [
        await insertLinked(t, 'tribe_organizer', 'Org B', [['_OrganizerEmail', 'b@example.org']]),
        await insertLinked(t, 'tribe_organizer', 'Org A'),
      ];
      const parent = await insertTerm(t, 'tribe_events_cat', 'Music');
      const child = await insertTerm(t, 'tribe_events_cat', 'Jazz', parent);
      const tag = await insertTerm(t, 'post_tag', 'Outdoor');
      id = await insertEvent(t, {
        title: 'Tom & Jerry\'s "Show"',
        content: 'First paragraph.\n\nSecond one.',
        excerpt: 'Short',
        slug: 'tom-jerry',
        start: '2030-03-04 19:30:00',
        end: '2030-03-04 21:00:00',
        utcStart: '2030-03-05 00:30:00',
        utcEnd: '2030-03-05 02:00:00',
        timezone: 'America/New_York',
        timezoneAbbr: 'EST',
        venue,
        organizers,
        categories: [child],
        tags: [tag],
        cost: ['10', '25'],
        currencySymbol: '€',
        currencyPosition: 'postfix',
        website: 'https://example.org/?a=1&b=<2>',
        featured: true,
        sticky: true,
        meta: [['_tribe_events_status', 'canceled']],
      });
    });

    it('has every key of events.md §1 in order, with their JSON types', async () => {
      const res = await t.http.get(`${EVENTS}/${id}`).expect(200);
      expect(Object.keys(res.body)).toEqual([
        'id',
        'global_id',
        'global_id_lineage',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'modified_utc',
        'url',
        'rest_url',
        'title',
        'description',
        'excerpt',
        'slug',
        'image',
        'all_day',
        'start_date',
        'start_date_details',
        'end_date',
        'end_date_details',
        'utc_start_date',
        'utc_start_date_details',
        'utc_end_date',
        'utc_end_date_details',
        'timezone',
        'timezone_abbr',
        'cost',
        'cost_details',
        'website',
        'show_map',
        'show_map_link',
        'hide_from_listings',
        'sticky',
        'featured',
        'categories',
        'tags',
        'venue',
        'organizer',
        'custom_fields',
        'json_ld',
      ]);
      const e = res.body;
      expect(e).toMatchObject({
        id,
        global_id: `127.0.0.1?id=${id}`,
        global_id_lineage: [`127.0.0.1?id=${id}`],
        author: '1',
        status: 'publish',
        url: `${SITE}/event/tom-jerry/`,
        rest_url: `${SITE}/wp-json/tribe/events/v1/events/${id}`,
        title: 'Tom &#038; Jerry&#8217;s &#8220;Show&#8221;',
        description: '<p>First paragraph.</p>\n<p>Second one.</p>',
        excerpt: '<p>Short</p>',
        image: false,
        all_day: false,
        start_date: '2030-03-04 19:30:00',
        start_date_details: { year: '2030', month: '03', day: '04', hour: '19', minutes: '30', seconds: '00' },
        utc_start_date: '2030-03-05 00:30:00',
        timezone: 'America/New_York',
        timezone_abbr: 'EST',
        cost: '10€ – 25€',
        cost_details: { currency_symbol: '€', currency_code: '', currency_position: 'postfix', values: ['10', '25'] },
        website: 'https://example.org/?a=1&amp;b=&lt;2&gt;',
        show_map: true,
        show_map_link: true,
        hide_from_listings: false,
        sticky: true,
        featured: true,
        custom_fields: [],
      });
      expect(e.categories).toEqual([
        expect.objectContaining({ name: 'Jazz', taxonomy: 'tribe_events_cat', filter: 'raw', urls: expect.objectContaining({ up: expect.any(String) }) }),
      ]);
      expect(Object.keys(e.categories[0])).toEqual([
        'name',
        'slug',
        'term_group',
        'term_taxonomy_id',
        'taxonomy',
        'description',
        'parent',
        'count',
        'filter',
        'id',
        'urls',
      ]);
      expect(e.tags.map((tag: { name: string }) => tag.name)).toEqual(['Outdoor']);
      expect(e.venue).toMatchObject({ id: venue, venue: 'Town Hall', address: '1 Main St' });
      expect(e.venue.json_ld).toMatchObject({ '@type': 'Place', name: 'Town Hall' });
      expect(e.organizer.map((o: { id: number }) => o.id)).toEqual(organizers);
    });

    it('carries the event JSON-LD (events.md §1.5)', async () => {
      const { json_ld: ld } = (await t.http.get(`${EVENTS}/${id}`).expect(200)).body;
      expect(Object.keys(ld)).toEqual([
        '@context',
        '@type',
        'name',
        'description',
        'url',
        'eventAttendanceMode',
        'eventStatus',
        'startDate',
        'endDate',
        'location',
        'organizer',
        'offers',
        'performer',
      ]);
      expect(ld).toMatchObject({
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: 'Tom &#038; Jerry&#8217;s &#8220;Show&#8221;',
        description: '&lt;p&gt;Short&lt;/p&gt;\\n',
        url: `${SITE}/event/tom-jerry/`,
        eventStatus: 'https://schema.org/EventCancelled',
        startDate: '2030-03-04T19:30:00-05:00',
        endDate: '2030-03-04T21:00:00-05:00',
        location: expect.objectContaining({ '@type': 'Place', name: 'Town Hall' }),
        organizer: expect.objectContaining({ '@type': 'Person', name: 'Org B' }),
        offers: {
          '@type': 'Offer',
          price: '10 – 25',
          priceCurrency: 'USD',
          url: `${SITE}/event/tom-jerry/`,
          category: 'primary',
          availability: 'inStock',
          validFrom: '2026-01-01T00:00:00+00:00',
        },
        performer: 'Organization',
      });
    });

    it('is the same by slug (normalised like sanitize_title_for_query)', async () => {
      const bySlug = (await t.http.get(`${EVENTS}/by-slug/Tom-Jerry`).expect(200)).body;
      expect(bySlug.id).toBe(id);
      expect(bySlug.json_ld).toBeDefined();
    });

    it('reads the defaults of an event without optional meta', async () => {
      const bare = await insertEvent(t, { title: 'Bare', slug: 'bare' });
      await t.db.sql.run(`DELETE FROM ${t.db.sql.table('postmeta')} WHERE post_id = ? AND meta_key IN ('_EventShowMap', '_EventShowMapLink')`, [bare]);
      const e = (await t.http.get(`${EVENTS}/${bare}`).expect(200)).body;
      expect(e).toMatchObject({
        website: `${SITE}/event/bare/`,
        show_map: true,
        show_map_link: true,
        venue: [],
        organizer: [],
        cost: '',
        featured: false,
        sticky: false,
      });
      expect(e.cost_details).toEqual({ currency_symbol: '', currency_code: '', currency_position: '', values: [] });
      expect(e.json_ld.location).toBeUndefined();
      expect(e.json_ld.organizer).toBeUndefined();
      expect(e.json_ld.offers).toBeUndefined();
    });

    it('reads custom fields defined in the plugin options', async () => {
      await setTribeOptions(t, {
        'custom-fields': [
          { name: '_ecp_custom_2', label: 'Dress code', type: 'text' },
          { name: '_ecp_custom_3', label: 'Empty', type: 'text' },
        ],
      });
      const withField = await insertEvent(t, {
        meta: [
          ['_ecp_custom_2', 'Casual'],
          ['_ecp_custom_3', ''],
        ],
      });
      expect((await t.http.get(`${EVENTS}/${withField}`).expect(200)).body.custom_fields).toEqual({ _ecp_custom_2: { label: 'Dress code', value: 'Casual' } });
      await setTribeOptions(t, { 'custom-fields': [] });
    });

    it('shows several venue rows as an array (Q1) and skips unknown links', async () => {
      const other = await insertLinked(t, 'tribe_venue', 'Annex');
      const two = await insertEvent(t, {
        meta: [
          ['_EventVenueID', String(venue)],
          ['_EventVenueID', String(other)],
          ['_EventOrganizerID', '999999'],
        ],
      });
      const e = (await t.http.get(`${EVENTS}/${two}`).expect(200)).body;
      expect(e.venue.map((v: { id: number }) => v.id)).toEqual([venue, other]);
      expect(e.organizer).toEqual([]);
      expect(e.json_ld.location.name).toBe('Town Hall');
    });

    it('renders through EventsReadService.render for the write side, with or without json_ld', async () => {
      const service = t.app.get(EventsReadService);
      const anonymous = { caller: ANONYMOUS, origin: SITE, credentials: {} };
      const rendered = await service.render(anonymous, id);
      expect(rendered.json_ld).toBeDefined();
      const plain = await t.db.transaction(() => service.render(anonymous, id, { jsonLd: false }));
      expect(plain.json_ld).toBeUndefined();
      expect((plain.venue as Record<string, unknown>).json_ld).toBeUndefined();
      const draft = await insertEvent(t, { status: 'draft' });
      expect((await service.render(anonymous, draft)).status).toBe('draft');
    });
  });

  describe('handler order and errors', () => {
    it('answers 404 for an unknown ID (also 0) and 400 for a post that is not an event', async () => {
      expect((await t.http.get(`${EVENTS}/999999`).expect(404)).body.code).toBe('rest-event-not-found');
      expect((await t.http.get(`${EVENTS}/0`).expect(404)).body.code).toBe('rest-event-not-found');
      const venue = await insertLinked(t, 'tribe_venue', 'Not an event');
      expect((await t.http.get(`${EVENTS}/${venue}`).expect(400)).body.code).toBe('rest-invalid-event-id');
      expect((await t.http.get(`${EVENTS}/abc`).expect(404)).body.code).toBe('rest_no_route');
    });

    it('answers 400 on slug for an unknown or non-event slug', async () => {
      const res = await t.http.get(`${EVENTS}/by-slug/no-such-event`).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params).toHaveProperty('slug');
      expect((await t.http.get(`${EVENTS}/by-slug/not-an-event`).expect(400)).body.code).toBe('rest_invalid_param');
    });

    it('answers 403 event-no-longer-available for trashed events, to every caller (Q25)', async () => {
      const trashed = await insertEvent(t, { status: 'trash', slug: 'gone__trashed' });
      for (const auth of [undefined, ADMIN, editor.auth]) {
        const req = t.http.get(`${EVENTS}/${trashed}`);
        if (auth) req.set('Authorization', auth);
        expect((await req.expect(403)).body.code).toBe('event-no-longer-available');
      }
      expect((await t.http.get(`${EVENTS}/by-slug/gone__trashed`).expect(403)).body.code).toBe('event-no-longer-available');
    });

    it('applies the read visibility of auth-and-permissions.md §4.1', async () => {
      const ownDraft = await insertEvent(t, { status: 'draft', author: contributor.id });
      const othersDraft = await insertEvent(t, { status: 'pending' });
      const future = await insertEvent(t, { status: 'future' });
      const privateOwn = await insertEvent(t, { status: 'private', author: subscriber.id });
      const privateOther = await insertEvent(t, { status: 'private' });
      const code = async (id: number, auth?: string) => {
        const req = t.http.get(`${EVENTS}/${id}`);
        if (auth) req.set('Authorization', auth);
        const res = await req;
        return res.status === 200 ? 200 : `${res.status} ${res.body.code}`;
      };
      const denied = '403 event-not-accessible';
      expect(await code(ownDraft)).toBe(denied);
      expect(await code(ownDraft, contributor.auth)).toBe(200);
      expect(await code(othersDraft, contributor.auth)).toBe(denied);
      expect(await code(othersDraft, subscriber.auth)).toBe(denied);
      expect(await code(othersDraft, editor.auth)).toBe(200);
      expect(await code(future)).toBe(denied);
      expect(await code(future, editor.auth)).toBe(200);
      expect(await code(privateOwn, subscriber.auth)).toBe(200);
      expect(await code(privateOther, subscriber.auth)).toBe(denied);
      expect(await code(privateOther, editor.auth)).toBe(200);
      expect(await code(privateOther)).toBe(denied);
    });

    it('answers 403 event-password-protected without the right password; with it, no json_ld', async () => {
      const locked = await insertEvent(t, { password: 's3cret', excerpt: 'Hidden' });
      expect((await t.http.get(`${EVENTS}/${locked}`).expect(403)).body.code).toBe('event-password-protected');
      expect((await t.http.get(`${EVENTS}/${locked}?password=wrong`).expect(403)).body.code).toBe('event-password-protected');
      expect((await t.http.get(`${EVENTS}/${locked}`).set('Authorization', subscriber.auth).expect(403)).body.code).toBe('event-password-protected');
      const open = (await t.http.get(`${EVENTS}/${locked}?password=s3cret`).expect(200)).body;
      expect(open.excerpt).toBe('<p>Hidden</p>');
      expect(open.json_ld).toBeUndefined();
      const asEditor = (await t.http.get(`${EVENTS}/${locked}?context=edit`).set('Authorization', editor.auth).expect(200)).body;
      expect(asEditor.json_ld).toBeUndefined();
      expect((await t.http.get(`${EVENTS}/${locked}?context=edit`).set('Authorization', subscriber.auth).expect(403)).body.code).toBe(
        'event-password-protected',
      );
      expect((await t.http.get(`${EVENTS}/${locked}?password=`).expect(400)).body.code).toBe('rest_invalid_param');
    });

    it('gives json_ld only to callers who may see it (drafts read by their editors keep it)', async () => {
      const draft = await insertEvent(t, { status: 'draft' });
      expect((await t.http.get(`${EVENTS}/${draft}`).set('Authorization', editor.auth).expect(200)).body.json_ld).toBeDefined();
    });
  });
});
