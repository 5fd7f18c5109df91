import { DateInputError, ZERO_DATE, modificationDates, preparePublicationDates } from '../../../src/dates';

const NOW = Date.parse('2027-01-05T19:23:36Z');
const NY = 'America/New_York';

describe('preparePublicationDates (formats.md §1.8)', () => {
  it('uses "now" on create, with the floating zero date for drafts and pending (Q41)', () => {
    expect(preparePublicationDates({}, { siteTimezone: NY, now: NOW, status: 'publish' })).toEqual({
      post_date: '2027-01-05 14:23:36',
      post_date_gmt: '2027-01-05 19:23:36',
    });
    for (const status of ['draft', 'pending']) {
      expect(preparePublicationDates({}, { siteTimezone: NY, now: NOW, status })).toEqual({ post_date: '2027-01-05 14:23:36', post_date_gmt: ZERO_DATE });
    }
  });

  it('parses date in the site zone (Q52 DEVIATE) and derives date_utc', () => {
    expect(preparePublicationDates({ date: '2026-07-01 10:00:00' }, { siteTimezone: NY, now: NOW, status: 'draft' })).toEqual({
      post_date: '2026-07-01 10:00:00',
      post_date_gmt: '2026-07-01 14:00:00',
    });
  });

  it('parses date_utc as UTC and derives date', () => {
    expect(preparePublicationDates({ date_utc: '2026-07-01 10:00:00' }, { siteTimezone: 'UTC+2', now: NOW, status: 'publish' })).toEqual({
      post_date: '2026-07-01 12:00:00',
      post_date_gmt: '2026-07-01 10:00:00',
    });
  });

  it('takes both values as given', () => {
    expect(preparePublicationDates({ date: '2026-07-01 10:00', date_utc: '2026-07-01 03:00' }, { siteTimezone: NY, now: NOW, status: 'publish' })).toEqual({
      post_date: '2026-07-01 10:00:00',
      post_date_gmt: '2026-07-01 03:00:00',
    });
  });

  it('leaves stored dates alone on update without dates (Q68 DEVIATE), except when a floating draft gets published', () => {
    const stored = { post_date: '2026-01-01 10:00:00', post_date_gmt: '2026-01-01 15:00:00', post_status: 'publish' };
    expect(preparePublicationDates({}, { siteTimezone: NY, now: NOW, status: 'publish', stored })).toBeNull();
    const floating = { post_date: '2026-01-01 10:00:00', post_date_gmt: ZERO_DATE, post_status: 'draft' };
    expect(preparePublicationDates({}, { siteTimezone: NY, now: NOW, status: 'draft', stored: floating })).toBeNull();
    expect(preparePublicationDates({}, { siteTimezone: NY, now: NOW, status: 'publish', stored: floating })).toEqual({
      post_date: '2027-01-05 14:23:36',
      post_date_gmt: '2027-01-05 19:23:36',
    });
  });

  it('rejects unparsable values naming the parameter', () => {
    expect(() => preparePublicationDates({ date: 'foo' }, { siteTimezone: NY, now: NOW, status: 'publish' })).toThrow(DateInputError);
    try {
      preparePublicationDates({ date_utc: '' }, { siteTimezone: NY, now: NOW, status: 'publish' });
    } catch (e) {
      expect((e as DateInputError).param).toBe('date_utc');
    }
    expect.assertions(2);
  });
});

describe('modificationDates', () => {
  it('is now in site time and UTC', () => {
    expect(modificationDates(NY, NOW)).toEqual({ post_modified: '2027-01-05 14:23:36', post_modified_gmt: '2027-01-05 19:23:36' });
    expect(modificationDates('UTC+0', new Date(NOW))).toEqual({ post_modified: '2027-01-05 19:23:36', post_modified_gmt: '2027-01-05 19:23:36' });
  });
});
