import { calendarEvent } from '../../../src/site/ical/calendar-event';
import { eventUid } from '../../../src/site/ical/icalendar';

const event = {
  id: 7,
  title: 'Caf&eacute; <b>night</b>',
  description: '<p>One</p>\n<p>Two &amp; three</p>',
  url: 'https://example.org/event/cafe-night/',
  start_date: '2027-07-10 19:30:00',
  end_date: '2027-07-10 22:00:00',
  utc_start_date: '2027-07-10 23:30:00',
  utc_end_date: '2027-07-11 02:00:00',
  timezone: 'America/New_York',
  all_day: false,
  date_utc: '2026-01-02 03:04:05',
  modified_utc: '2026-02-03 04:05:06',
  venue: {
    venue: 'Hall',
    address: '1 Main St',
    city: 'Springfield',
    stateprovince: 'IL',
    zip: '62701',
    country: 'United States',
    geo_lat: 39.8,
    geo_lng: -89.65,
  },
  organizer: [{ organizer: 'No mail' }, { organizer: 'Jo', email: 'jo@example.org' }],
  categories: [{ name: 'Music &amp; more' }],
};

describe('a VEVENT’s data from the API representation', () => {
  it('reads text as plain text, the venue as LOCATION and GEO, the first organizer with an e-mail', () => {
    const data = calendarEvent(event, { timezone: 'UTC' })!;
    expect(data).toMatchObject({
      summary: 'Café night',
      description: 'One \nTwo & three',
      location: 'Hall, 1 Main St, Springfield, IL, 62701, United States',
      geo: { lat: 39.8, lng: -89.65 },
      organizer: { name: 'Jo', email: 'jo@example.org' },
      categories: ['Music & more'],
      locked: false,
      createdMs: Date.UTC(2026, 0, 2, 3, 4, 5),
    });
    expect(data.zone).toMatchObject({ kind: 'iana', name: 'America/New_York' });
    expect(eventUid(data, 'example.org')).toBe(`7-${Date.UTC(2027, 6, 10, 19, 30) / 1000}-${Date.UTC(2027, 6, 10, 22) / 1000}@example.org`);
  });

  it('in TEC’s `site` time-zone mode writes the site zone, converted from UTC (as the plugin’s UIDs do)', () => {
    const data = calendarEvent(event, { timezone: 'Europe/Paris', timezoneMode: 'site' })!;
    expect(data.zone).toMatchObject({ name: 'Europe/Paris' });
    expect(data.start).toEqual({ year: 2027, month: 7, day: 11, hour: 1, minute: 30, second: 0 });
    expect(data.end).toEqual({ year: 2027, month: 7, day: 11, hour: 4, minute: 0, second: 0 });
  });

  it('knows a blanked (locked) representation and skips unusable dates', () => {
    expect(calendarEvent({ ...event, all_day: null, description: '', venue: [], organizer: [] }, { timezone: 'UTC' })!.locked).toBe(true);
    expect(calendarEvent({ ...event, start_date: null }, { timezone: 'UTC' })).toBeUndefined();
  });
});
