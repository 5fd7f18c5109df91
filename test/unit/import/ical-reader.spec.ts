import fc from 'fast-check';
import { resolveZone } from '../../../src/dates';
import { readStructure } from '../../../src/import/ical/calendar-text';
import { decodeText } from '../../../src/import/source/decode-text';
import { MalformedFile } from '../../../src/import/malformed-file';
import { namedZone } from '../../../src/import/ical/ical-zones';
import { readCalendar } from '../../../src/import/ical/read-calendar';
import { WINDOWS_ZONES } from '../../../src/import/ical/windows-zones';
import { MAX_EVENTS_PER_FILE } from '../../../src/import/import-limits';

const UTC = resolveZone('UTC')!;
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');

describe('iCalendar reading', () => {
  it('maps every Windows zone name of the CLDR table to a zone the service stores', () => {
    const unresolved = Object.entries(WINDOWS_ZONES).filter(([windows]) => namedZone(windows) === null);
    expect(unresolved).toEqual([]);
    expect(Object.keys(WINDOWS_ZONES).length).toBeGreaterThan(130);
    expect(namedZone('Eastern Standard Time')).toMatchObject({ kind: 'iana', name: 'America/New_York' });
    expect(namedZone('W. Europe Standard Time')).toMatchObject({ kind: 'iana', name: 'Europe/Berlin' });
    expect(namedZone('"Tokyo Standard Time"')).toMatchObject({ kind: 'iana', name: 'Asia/Tokyo' });
    expect(namedZone('/mozilla.org/20070129_1/Europe/Berlin')).toMatchObject({ kind: 'iana', name: 'Europe/Berlin' });
    // A producer's private name is not a zone: its VTIMEZONE decides.
    expect(namedZone('Custom Zone')).toBeNull();
    expect(namedZone('EST')).toBeNull();
  });

  it('decodes UTF-8, else Windows-1252 (older Outlook exports), and drops a BOM', () => {
    expect(decodeText(Buffer.from('\uFEFFBEGIN:VCALENDAR', 'utf8'))).toBe('BEGIN:VCALENDAR');
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9]), 'iso-8859-1')).toBe('Café');
  });

  it('refuses a file of more than MAX_EVENTS_PER_FILE VEVENTs from its structure, naming the line of the first one too many', () => {
    const event = ['BEGIN:VEVENT', 'UID:x', 'DTSTART:20270101T100000Z', 'END:VEVENT'];
    const text = calendar(...Array.from({ length: MAX_EVENTS_PER_FILE + 1 }, () => event).flat());
    let error: unknown;
    try {
      readStructure(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MalformedFile);
    expect((error as MalformedFile).line).toBe(2 + MAX_EVENTS_PER_FILE * 4 + 1);
  });

  it("a VTIMEZONE with no IANA name gives WordPress's decimal offset for whole quarter hours, else the exact hours and minutes", () => {
    const zone = (offset: string) =>
      readCalendar(
        calendar(
          'BEGIN:VTIMEZONE',
          'TZID:Custom',
          'BEGIN:STANDARD',
          'DTSTART:19700101T000000',
          `TZOFFSETFROM:${offset}`,
          `TZOFFSETTO:${offset}`,
          'END:STANDARD',
          'END:VTIMEZONE',
          'BEGIN:VEVENT',
          'UID:z',
          'DTSTART;TZID=Custom:20270801T100000',
          'END:VEVENT',
        ),
        UTC,
      ).events[0].params.timezone;
    expect([zone('+0530'), zone('+0545'), zone('-0330'), zone('+0520')]).toEqual(['UTC+5.5', 'UTC+5.75', 'UTC-3.5', 'UTC+5:20']);
  });

  it('reads a changed occurrence and its series apart, and a VEVENT whose lines ical.js cannot read as a failure of that line', () => {
    const read = readCalendar(
      calendar(
        'BEGIN:VEVENT',
        'UID:s',
        'DTSTART;TZID=Europe/Paris:20270105T100000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:s',
        'RECURRENCE-ID;TZID=Europe/Paris:20270112T100000',
        'DTSTART;TZID=Europe/Paris:20270112T150000',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:b',
        'DTSTART;VALUE=DATE:2027-01-05',
        'END:VEVENT',
      ),
      UTC,
    );
    expect(read.events.map((e) => [e.uid, e.recurrenceId, e.params.start_date])).toEqual([
      ['s', undefined, '2027-01-05 10:00:00'],
      ['s', { instantMs: Date.UTC(2027, 0, 12, 9) }, '2027-01-12 15:00:00'],
    ]);
    expect(read.failures).toEqual([
      { uid: 'b', line: 15, reason: 'DTSTART: "2027-01-05" is not a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS, Z for UTC).' },
    ]);
  });

  it('any text either is refused as not iCalendar or gives events and failures, no more than its VEVENTs', () => {
    const token = fc.constantFrom(
      'BEGIN:VCALENDAR',
      'END:VCALENDAR',
      'BEGIN:VEVENT',
      'END:VEVENT',
      'BEGIN:VTIMEZONE',
      'END:VTIMEZONE',
      'UID:a',
      'UID:b',
      'DTSTART:20270101T100000Z',
      'DTSTART;TZID=Nowhere:20270101T100000',
      'DTSTART;VALUE=DATE:20270101',
      'DTEND:20261231T100000Z',
      'RRULE:FREQ=DAILY;COUNT=2',
      'RRULE:FREQ=NEVER',
      'EXDATE:2027',
      'RECURRENCE-ID:20270102T100000Z',
      'SUMMARY:x\\, y',
      ' folded',
      'TZID:Nowhere',
      'X-WR-TIMEZONE:Europe/Paris',
    );
    const line = fc.oneof(token, fc.string({ maxLength: 40 }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.constantFrom('\r\n', '\n', '\r'), (lines, end) => {
        const text = lines.join(end);
        try {
          const read = readCalendar(text, UTC);
          const vevents = (text.match(/^BEGIN:VEVENT/gim) ?? []).length;
          expect(read.events.length + read.failures.length).toBeLessThanOrEqual(vevents);
        } catch (error) {
          expect(error).toBeInstanceOf(MalformedFile);
        }
      }),
      { numRuns: 500 },
    );
  });
});
