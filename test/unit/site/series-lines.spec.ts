import { parseRecurrence, RecurrenceInput, SeriesTiming } from '../../../src/recurrence';
import { recurrenceIdOf, seriesLines, seriesShape } from '../../../src/site/ical/series-lines';

// Issue #30: what a feed writes of a series (src/site/ical/series-lines.ts).
const NOW = Date.UTC(2026, 10, 1);

function shapeOf(input: RecurrenceInput, timing: SeriesTiming) {
  const parsed = parseRecurrence(input, timing);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return seriesShape(parsed.value, NOW);
}
const NY = (start: string, end: string): SeriesTiming => ({ start, end, timezone: 'America/New_York', allDay: false });

describe('series lines', () => {
  it('UNTIL takes DTSTART’s value type: UTC beside a zoned start, DATE beside an all-day one (item 4)', () => {
    expect(seriesLines(shapeOf({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270413' }, NY('2027-03-23 19:00:00', '2027-03-23 20:00:00')))[0]).toBe(
      'RRULE:FREQ=WEEKLY;UNTIL=20270414T035959Z;BYDAY=TU,TH',
    );
    const allDay = { start: '2027-03-01 00:00:00', end: '2027-03-01 23:59:59', timezone: 'Europe/Paris', allDay: true };
    expect(seriesLines(shapeOf({ rrule: 'FREQ=WEEKLY;UNTIL=20270315T000000Z' }, allDay))[0]).toBe('RRULE:FREQ=WEEKLY;UNTIL=20270315');
  });

  it('sizes a full series with exdates without going over the limit (item 5)', () => {
    const shape = shapeOf(
      { rrule: 'FREQ=DAILY;UNTIL=20290927T235959Z', exdate: ['2027-06-01 08:00:00'] },
      { start: '2027-01-01 08:00:00', end: '2027-01-01 09:00:00', timezone: 'Europe/Paris', allDay: false },
    );
    expect(shape.lastYear).toBe(2029);
    expect(shape.slots).toHaveLength(1000);
  });

  it('re-keys a change to the rule’s start on its day when the series’ time moved (item 7); hidden ones become EXDATEs', () => {
    const shape = shapeOf({ rrule: 'FREQ=WEEKLY;COUNT=4' }, NY('2027-03-16 18:00:00', '2027-03-16 19:00:00'));
    expect(recurrenceIdOf({ start_date: '2027-03-23 19:00:00' }, '2027-03-23 19:00:00', shape)).toMatchObject({ day: 23, hour: 18 });
    expect(seriesLines(shape, ['2027-03-30 18:00:00'])).toContain('EXDATE;TZID=America/New_York:20270330T180000');
  });
});
