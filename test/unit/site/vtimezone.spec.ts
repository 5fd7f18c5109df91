import { resolveZone } from '../../../src/dates';
import { transitionsInYear, vtimezone } from '../../../src/site/ical/vtimezone';

const zone = (name: string) => resolveZone(name)!;
const iso = (ms: number) => new Date(ms).toISOString();

describe('VTIMEZONE with the real transitions', () => {
  it('finds New York’s 2027 changes to the second (second Sunday of March, first of November, 2:00 local)', () => {
    const found = transitionsInYear(zone('America/New_York'), 2027);
    expect(found.map((t) => [iso(t.instantMs), t.from, t.to])).toEqual([
      ['2027-03-14T07:00:00.000Z', -5 * 3600, -4 * 3600],
      ['2027-11-07T06:00:00.000Z', -4 * 3600, -5 * 3600],
    ]);
  });

  it('knows the southern hemisphere (Sydney: daylight time in January) and zones without changes', () => {
    const sydney = transitionsInYear(zone('Australia/Sydney'), 2027);
    expect(sydney.map((t) => [iso(t.instantMs), t.to])).toEqual([
      ['2027-04-03T16:00:00.000Z', 10 * 3600],
      ['2027-10-02T16:00:00.000Z', 11 * 3600],
    ]);
    expect(transitionsInYear(zone('Asia/Kolkata'), 2027)).toEqual([]);
    expect(transitionsInYear(zone('UTC+2'), 2027)).toEqual([]);
  });

  it('writes one observance per change, DAYLIGHT for the higher offset, DTSTART in the local time before it', () => {
    const lines = vtimezone(zone('America/New_York'), new Set([2027]));
    expect(lines).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0500',
      'TZNAME:EST',
      'DTSTART:20261231T190000',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'TZNAME:EDT',
      'DTSTART:20270314T020000',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'TZNAME:EST',
      'DTSTART:20271107T020000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('writes a fixed offset as one STANDARD observance under the stored name', () => {
    expect(vtimezone(zone('UTC+5:30'), new Set([2027]))).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:UTC+5:30',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
      'TZNAME:UTC+5:30',
      'DTSTART:20270101T053000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });
});
