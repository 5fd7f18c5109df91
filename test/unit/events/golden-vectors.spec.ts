/**
 * The pure formatting functions reproduce the plugin's answers on the fixture database: stored
 * rows of test/fixtures/wordpress/tec-wordpress-seeded.sql in, golden response values out.
 */
import { costDetails, renderCost } from '../../../src/events/cost';
import { jsonLdDate, jsonLdValidFrom, occurrenceHash, renderEventDates, zoneOrFallback } from '../../../src/dates';
import { jsonLdDescription, jsonLdName, renderContent, renderExcerpt, renderTitle } from '../../../src/wordpress/rendering';
import { goldenRecords, postMeta, posts, tableRows } from './support/fixture-dump';

const SITE_ZONE = 'UTC+0'; // fixture: empty timezone_string, gmt_offset 0
const meta = postMeta();
const rows = posts();
const single = (id: number, key: string) => meta.get(id)?.get(key)?.[0];

const events = [...goldenRecords('events').values()];
const venues = [...goldenRecords('venues').values()];
const organizers = [...goldenRecords('organizers').values()];

describe('golden vectors: events', () => {
  it('has vectors', () => {
    expect(events.length).toBeGreaterThan(100);
  });

  it.each(events.map((e) => [e.id, e]))('event %i: dates, cost and text fields', (id, golden) => {
    const dates = renderEventDates(
      {
        _EventStartDate: single(id, '_EventStartDate'),
        _EventEndDate: single(id, '_EventEndDate'),
        _EventStartDateUTC: single(id, '_EventStartDateUTC'),
        _EventEndDateUTC: single(id, '_EventEndDateUTC'),
        _EventTimezone: single(id, '_EventTimezone'),
        _EventTimezoneAbbr: single(id, '_EventTimezoneAbbr'),
        _EventAllDay: single(id, '_EventAllDay'),
      },
      SITE_ZONE,
    );
    for (const [key, value] of Object.entries(dates)) expect([key, golden[key]]).toEqual([key, value]);

    const cost = {
      costs: meta.get(id)?.get('_EventCost') ?? [],
      currencySymbol: single(id, '_EventCurrencySymbol'),
      currencyPosition: single(id, '_EventCurrencyPosition'),
      currencyCode: single(id, '_EventCurrencyCode'),
    };
    expect(renderCost(cost)).toBe(golden.cost);
    expect(costDetails(cost)).toEqual(golden.cost_details);

    const post = rows.get(id)!;
    expect(renderTitle(post.post_title)).toBe(golden.title);
    expect(renderContent(post.post_content)).toBe(golden.description);
    expect(renderExcerpt(post.post_excerpt)).toBe(golden.excerpt);

    if (golden.json_ld) {
      expect(golden.json_ld.name).toBe(jsonLdName(renderTitle(post.post_title)));
      expect(golden.json_ld.description).toBe(jsonLdDescription(post.post_excerpt, post.post_content));
      const zone = zoneOrFallback(single(id, '_EventTimezone'), 'UTC');
      expect(golden.json_ld.startDate).toBe(jsonLdDate(dates.start_date, zone));
      expect(golden.json_ld.endDate).toBe(jsonLdDate(dates.end_date, zone));
      if (golden.json_ld.offers) expect(golden.json_ld.offers.validFrom).toBe(jsonLdValidFrom(post.post_date));
    }
  });
});

describe('golden vectors: venues and organizers', () => {
  it.each([...venues, ...organizers].map((r) => [r.id, r]))('record %i: description and JSON-LD description', (id, golden) => {
    const post = rows.get(id)!;
    expect(renderContent(post.post_content)).toBe(golden.description ?? '');
    if (golden.json_ld) expect(golden.json_ld.description).toBe(jsonLdDescription(post.post_excerpt, post.post_content));
    expect(renderTitle(post.post_title)).toBe(golden.venue ?? golden.organizer);
  });
});

describe('golden vectors: tec_occurrences hashes written by TEC', () => {
  const occurrences = tableRows('wp_tec_occurrences');
  it('has 200 rows', () => {
    expect(occurrences).toHaveLength(200);
  });
  it.each(occurrences.map((r) => [r[2], r]))('occurrence of post %s', (_postId, r) => {
    const [, , postId, startDate, startDateUtc, endDate, endDateUtc, duration, hash] = r as string[];
    expect(occurrenceHash({ postId: Number(postId), startDate, endDate, startDateUtc, endDateUtc, duration })).toBe(hash);
  });
});
