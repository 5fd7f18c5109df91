import { mapEvent } from '../../../src/events/event.mapper';
import { escHtml } from '../../../src/wordpress/text-sanitize';
import { EventListQuery, indexBounds } from '../../../src/events/repository/event-list.query';
import { eventJsonLd } from '../../../src/events/json-ld';
import { EventRecord } from '../../../src/events/read/event-record';
import { searchTerms } from '../../../src/events/read/event-search';
import { eventSiteSettings } from '../../../src/events/read/event-settings';
import { withDescendants } from '../../../src/events/read/event-term-filter';
import { Sql } from '../../../src/database/sql';
import { TermLinks } from '../../../src/terms/term-links';
import { phpSerialize } from '../../../src/wordpress/php-serialization';
import { PostLinks } from '../../../src/wordpress/permalinks';
import { PostRow } from '../../../src/wordpress/posts.store';
import { TermRow } from '../../../src/wordpress/terms.store';

const links = new PostLinks({ publicBase: 'https://example.org', structure: '/%postname%/', eventSlug: 'event' });
const termLinks = new TermLinks({
  restBase: 'https://example.org/wp-json/tribe/events/v1',
  publicBase: 'https://example.org',
  structure: '/%postname%/',
  tagBase: '',
  eventsSlug: 'events',
});
const settings = eventSiteSettings(new Map([['timezone_string', 'America/New_York']]));

function record(overrides: Partial<PostRow> = {}, meta: [string, string][] = []): EventRecord {
  const m = new Map<string, string[]>();
  for (const [key, value] of [
    ['_EventStartDate', '2017-01-05 14:23:36'],
    ['_EventEndDate', '2017-01-05 16:23:36'],
    ['_EventStartDateUTC', '2017-01-05 19:23:36'],
    ['_EventEndDateUTC', '2017-01-05 21:23:36'],
    ['_EventTimezone', 'America/New_York'],
    ['_EventTimezoneAbbr', 'EST'],
    ...meta,
  ] as [string, string][]) {
    m.set(key, [...(m.get(key) ?? []), value]);
  }
  const post: PostRow = {
    ID: 42,
    post_author: 1,
    post_date: '2016-12-01 08:00:00',
    post_date_gmt: '2016-12-01 13:00:00',
    post_content: 'Event 01 description',
    post_title: 'Event 01',
    post_excerpt: '',
    post_status: 'publish',
    post_password: '',
    post_name: 'event-01',
    post_modified: '2016-12-01 08:00:00',
    post_modified_gmt: '2016-12-01 13:00:00',
    post_parent: 0,
    guid: '',
    menu_order: 0,
    post_type: 'tribe_events',
    post_mime_type: '',
    ...overrides,
  };
  return {
    post,
    meta: m,
    image: false,
    link: links.eventLink(post),
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
  };
}
const ctx = { links, termLinks, restBase: 'https://example.org/wp-json/tribe/events/v1', settings, galleryImages: new Set<number>() };

describe('event mapper', () => {
  it('maps the stored rows to the typed fields of events.md §1', () => {
    const e = mapEvent(record(), ctx);
    expect(e).toMatchObject({
      id: 42,
      author: '1',
      url: 'https://example.org/event/event-01/',
      rest_url: 'https://example.org/wp-json/tribe/events/v1/events/42',
      description: '<p>Event 01 description</p>',
      excerpt: '',
      utc_start_date: '2017-01-05 19:23:36',
      website: 'https://example.org/event/event-01/',
      show_map: true,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      custom_fields: [],
    });
  });

  it('reads flags with TEC rules', () => {
    const e = mapEvent(
      record({ menu_order: -1 }, [
        ['_EventShowMap', ''],
        ['_EventShowMapLink', '0'],
        ['_EventHideFromUpcoming', 'yes'],
        ['_tribe_featured', '1'],
        ['_EventAllDay', 'yes'],
        ['_EventURL', ''],
      ]),
      ctx,
    );
    expect(e).toMatchObject({ show_map: false, show_map_link: false, hide_from_listings: true, featured: true, sticky: true, all_day: true, website: '' });
    expect(
      mapEvent(
        record({}, [
          ['_EventHideFromUpcoming', '1'],
          ['_tribe_featured', 'yes'],
        ]),
        ctx,
      ),
    ).toMatchObject({ hide_from_listings: false, featured: false });
  });

  it('derives missing UTC dates from the local time and zone (Q63) and appends the lineage', () => {
    const r = record({}, [['_tribe_aggregator_global_id_lineage', 'other.org?id=7']]);
    r.meta.delete('_EventStartDateUTC');
    const e = mapEvent(r, ctx);
    expect(e.utc_start_date).toBe('2017-01-05 19:23:36');
    expect(e.global_id_lineage).toEqual(['example.org?id=42', 'other.org?id=7']);
  });

  it('escapes the website like esc_html (Q8)', () => {
    expect(escHtml(`https://x.org/?a=1&b="2"&c='3'&amp;<`)).toBe('https://x.org/?a=1&amp;b=&quot;2&quot;&amp;c=&#039;3&#039;&amp;&lt;');
  });
});

describe('event JSON-LD', () => {
  it('uses the content cut to words when there is no excerpt, and the UTC offset of the stored pair', () => {
    const r = record();
    const ld = eventJsonLd(r, mapEvent(r, ctx), settings);
    expect(ld.description).toBe('&lt;p&gt;Event 01 description&lt;/p&gt;\\n');
    expect(ld.startDate).toBe('2017-01-05T14:23:36-05:00');
    expect(ld.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(ld).not.toHaveProperty('offers');
  });

  it('offers the price without the symbol, Free as 0, with the site currency code', () => {
    const free = record({}, [['_EventCost', '0']]);
    expect((eventJsonLd(free, mapEvent(free, ctx), settings).offers as Record<string, unknown>).price).toBe('0');
    const euro = record({}, [
      ['_EventCost', '15'],
      ['_EventCurrencySymbol', '€'],
      ['_EventCurrencyCode', 'EUR'],
    ]);
    expect(eventJsonLd(euro, mapEvent(euro, ctx), settings).offers).toMatchObject({
      price: '15',
      priceCurrency: 'EUR',
      validFrom: '2016-12-01T00:00:00+00:00',
    });
  });

  it('writes location false for a venue without its own JSON-LD, and postponed status', () => {
    const r = { ...record({}, [['_tribe_events_status', 'postponed']]), venue: { id: 5, venue: [] } };
    const ld = eventJsonLd(r, mapEvent(r, ctx), settings);
    expect(ld.location).toBe(false);
    expect(ld.eventStatus).toBe('https://schema.org/EventPostponed');
    expect(ld).not.toHaveProperty('organizer');
  });
});

describe('event site settings', () => {
  it('reads the plugin options with their defaults', () => {
    expect(eventSiteSettings(new Map())).toEqual({
      timezone: 'UTC+0',
      multiDayCutoff: undefined,
      timezoneMode: undefined,
      defaultCurrencySymbol: undefined,
      defaultCurrencyCode: 'USD',
      reverseCurrencyPosition: undefined,
      customFields: [],
    });
    const raw = phpSerialize({
      multiDayCutoff: '06:00',
      tribe_events_timezone_mode: 'site',
      defaultCurrencySymbol: '£',
      defaultCurrencyCode: 'GBP',
      reverseCurrencyPosition: true,
      'custom-fields': { 0: { name: '_ecp_custom_2', label: 'Dress', type: 'text' } },
    });
    expect(
      eventSiteSettings(
        new Map([
          ['tribe_events_calendar_options', raw],
          ['gmt_offset', '2'],
        ]),
      ),
    ).toEqual({
      timezone: 'UTC+2',
      multiDayCutoff: '06:00',
      timezoneMode: 'site',
      defaultCurrencySymbol: '£',
      defaultCurrencyCode: 'GBP',
      reverseCurrencyPosition: true,
      customFields: [{ name: '_ecp_custom_2', label: 'Dress' }],
    });
  });
});

describe('event search terms (WP core parse_search)', () => {
  it('splits, drops one-letter words and stop-words, keeps quoted phrases and exclusions', () => {
    expect(searchTerms('foo bar')).toEqual([
      { text: 'foo', exclude: false },
      { text: 'bar', exclude: false },
    ]);
    expect(searchTerms('the a foo,baz+1')).toEqual([
      { text: 'foo', exclude: false },
      { text: 'baz', exclude: false },
      { text: '1', exclude: false },
    ]);
    expect(searchTerms('"quick fox" -slow')).toEqual([
      { text: 'quick fox', exclude: false },
      { text: 'slow', exclude: true },
    ]);
    expect(searchTerms('a the')).toEqual([{ text: 'a the', exclude: false }]);
    expect(searchTerms('w1 w2 w3 w4 w5 w6 w7 w8 w9 w10')).toEqual([{ text: 'w1 w2 w3 w4 w5 w6 w7 w8 w9 w10', exclude: false }]);
  });
});

describe('category descendants', () => {
  const term = (id: number, parent: number) => ({ term_id: id, term_taxonomy_id: id + 100, parent }) as TermRow;
  it('adds every descendant and survives loops', () => {
    const all = [term(1, 0), term(2, 1), term(3, 2), term(4, 0), term(5, 6), term(6, 5)];
    expect(
      withDescendants([all[0]], all)
        .map((t) => t.term_id)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(
      withDescendants([all[4]], all)
        .map((t) => t.term_id)
        .sort(),
    ).toEqual([5, 6]);
  });
});

describe('event list query builder', () => {
  const sql = { isMysql: false, table: (name: string) => `"wp_${name}"` } as unknown as Sql;
  const base = { statuses: { others: ['publish'], own: ['draft'] }, callerId: 7, orderKey: '_EventStartDate' as const };

  it('postmeta source: joins each date key once, orders by the order key then ID, binds parameters in text order', () => {
    const query = new EventListQuery(
      sql,
      {
        ...base,
        dates: [
          { key: '_EventStartDate', operator: '>=', value: '2030-01-01 00:00:00' },
          { key: '_EventEndDate', operator: '<=', value: '2030-12-31 23:59:59' },
        ],
        venueIds: [5],
        search: [{ text: '50%', exclude: true }],
      },
      'postmeta',
    );
    const { text, params } = query.list.pageStatement(20, 10);
    expect(text.match(/JOIN "wp_postmeta"/g)).toHaveLength(2);
    expect(text).toContain('ORDER BY d0.meta_value, p.ID LIMIT ? OFFSET ?');
    expect(params).toEqual([
      '_EventStartDate',
      '_EventEndDate',
      'publish',
      7,
      'draft',
      '2030-01-01 00:00:00',
      '2030-12-31 23:59:59',
      '5',
      '%50!%%',
      '%50!%%',
      '%50!%%',
      10,
      20,
    ]);
    expect((text.match(/\?/g) ?? []).length).toBe(params.length);
  });

  it('occurrences source: one join of the occurrence row, its columns filtered, ordered in index order', () => {
    const query = new EventListQuery(sql, {
      ...base,
      orderKey: '_EventStartDateUTC',
      dates: [
        { key: '_EventStartDateUTC', operator: '>=', value: '2030-01-01 00:00:00' },
        { key: '_EventEndDateUTC', operator: '<=', value: '2030-12-31 23:59:59' },
      ],
    });
    const { text, params } = query.list.pageStatement(0, 10);
    expect(text.match(/JOIN /g)).toEqual(['JOIN ']);
    // SQLite: read from the occurrence date index, each post checked through the narrow lookup index.
    expect(text).toContain('FROM "wp_tec_occurrences" o CROSS JOIN "wp_posts" p INDEXED BY "wp_eca_post_lookup" ON p.ID = o.post_id');
    expect(text).toContain('+p.post_status IN (?)');
    expect(text).toContain('o.start_date_utc >= ? AND o.end_date_utc <= ? AND o.start_date_utc <= ?');
    expect(text).toContain('ORDER BY o.start_date_utc, o.post_id LIMIT ? OFFSET ?');
    expect(params).toEqual(['publish', 7, 'draft', '2030-01-01 00:00:00', '2030-12-31 23:59:59', '2030-12-31 23:59:59', 10, 0]);
  });

  it('occurrences source on MySQL: the posts joined to their occurrence row, the plan left to the optimizer', () => {
    const mysql = { isMysql: true, table: (name: string) => `\`wp_${name}\`` } as unknown as Sql;
    const query = new EventListQuery(mysql, {
      ...base,
      orderKey: '_EventStartDateUTC',
      dates: [{ key: '_EventStartDateUTC', operator: '>=', value: '2030-01-01 00:00:00' }],
    });
    const { text } = query.list.pageStatement(0, 10);
    expect(text).toContain('FROM `wp_posts` p JOIN `wp_tec_occurrences` o ON o.post_id = p.ID');
    expect(text).not.toContain('INDEXED BY');
    expect(text).toContain('(p.post_status IN (?)');
  });

  describe('indexBounds: conditions implied by the window, for the index range', () => {
    const window = [
      { key: '_EventStartDateUTC' as const, operator: '>=' as const, value: '2030-01-01 00:00:00' },
      { key: '_EventEndDateUTC' as const, operator: '<=' as const, value: '2030-12-31 23:59:59' },
    ];

    it('bounds the start by an upper bound of the end (an event starts before it ends)', () => {
      expect(indexBounds(window, '_EventStartDateUTC')).toEqual({
        implied: [{ key: '_EventStartDateUTC', operator: '<=', value: '2030-12-31 23:59:59' }],
        inListOrder: [],
      });
      expect(indexBounds([{ key: '_EventEndDate', operator: '<', value: '2030-02-01 00:00:00' }], undefined)).toEqual({
        implied: [{ key: '_EventStartDate', operator: '<', value: '2030-02-01 00:00:00' }],
        inListOrder: [],
      });
    });

    it('bounds the local start of a UTC window listed in local order within a day on each side (page only)', () => {
      expect(indexBounds(window, '_EventStartDate').inListOrder).toEqual([
        { key: '_EventStartDate', operator: '>=', value: '2029-12-31 00:00:00' },
        { key: '_EventStartDate', operator: '<=', value: '2031-01-01 23:59:59' },
      ]);
      const query = new EventListQuery(sql, { ...base, dates: window });
      expect(query.list.pageStatement(0, 10).text).toContain('o.start_date >= ? AND o.start_date <= ? ORDER BY o.start_date, o.post_id');
    });

    it('adds nothing for lower bounds of the end alone, nor for dates it cannot read', () => {
      const none = { implied: [], inListOrder: [] };
      expect(indexBounds([{ key: '_EventEndDate', operator: '>', value: '2030-01-01 00:00:00' }], '_EventStartDate')).toEqual(none);
      expect(indexBounds([{ key: '_EventStartDateUTC', operator: '>', value: 'soon' }], '_EventStartDate')).toEqual(none);
    });
  });

  it('orders included events by publication date and shows nothing for nobody-visible statuses', () => {
    const { text } = new EventListQuery(sql, { ...base, statuses: { others: [], own: [] }, dates: [], include: [3, 4] }).list.pageStatement(0, 10);
    expect(text).toContain('ORDER BY p.post_date, p.ID');
    expect(text).toContain('1 = 0');
    expect(text).not.toContain('JOIN');
  });
});
