/** Issue #30: the words of a rule never leave a filter out ("Every day, 4 times" for two days a month). */
import { SeriesTiming, describeRecurrence, parseRecurrence } from '../../../src/recurrence';

const timed = (start: string): SeriesTiming => ({ start, end: start, timezone: 'Europe/Paris', allDay: false });

function words(rrule: string, start: string): string {
  const parsed = parseRecurrence({ rrule }, timed(start));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return describeRecurrence(parsed.value);
}

describe('words name every filter of the rule', () => {
  it.each([
    ['FREQ=DAILY;BYMONTHDAY=1,15;COUNT=4', '2027-06-01 10:00:00', 'Every day on the 1st and the 15th of the month, 4 times'],
    ['FREQ=DAILY;BYMONTH=6,7', '2027-06-01 10:00:00', 'Every day in June and July'],
    ['FREQ=DAILY;BYDAY=FR;BYMONTHDAY=13', '2027-08-13 10:00:00', 'Every Friday on the 13th of the month'],
    ['FREQ=HOURLY;BYDAY=MO;COUNT=3', '2027-06-07 10:00:00', 'Every hour on Monday, 3 times'],
    ['FREQ=MONTHLY;BYMONTH=1,7;BYDAY=1MO', '2027-07-05 10:00:00', 'Every month on the first Monday in January and July'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15;BYSETPOS=-1', '2027-06-15 10:00:00', 'Every month on the 1st and the 15th, only the last of each month'],
    ['FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=1', '2027-06-07 10:00:00', 'Every Monday and Tuesday, only the first of each week'],
  ])('%s → %s', (rrule, start, expected) => expect(words(rrule, start)).toBe(expected));

  it('keeps the common shapes as they were worded', () => {
    expect(words('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4', '2027-06-01 10:00:00')).toBe('Every Tuesday and Thursday, 4 times');
    expect(words('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1', '2027-06-25 10:00:00')).toBe('Every month on the last Friday');
    expect(words('FREQ=HOURLY;COUNT=3', '2027-06-25 10:00:00')).toBe('Every hour, 3 times');
  });
});
