import { formatWall, isTimeInput, parseDateInput, resolveZone, EventZone } from '../../../src/dates';

const NOW = Date.parse('2027-03-10T15:30:45Z'); // a Wednesday; 10:30:45 in New York
const UTC = resolveZone('UTC') as EventZone;
const NY = resolveZone('America/New_York') as EventZone;

const wallIn = (input: string | number, zone: EventZone) => {
  const parsed = parseDateInput(input, zone, NOW);
  return parsed ? formatWall(parsed.written) : null;
};
const iso = (input: string | number, zone: EventZone) => {
  const parsed = parseDateInput(input, zone, NOW);
  return parsed ? new Date(parsed.instant).toISOString() : null;
};

describe('parseDateInput: absolute forms (formats.md §1.4)', () => {
  it.each([
    ['2024-05-01', '2024-05-01 00:00:00'],
    ['2024-05-01 10:00', '2024-05-01 10:00:00'],
    ['2024-05-01 10:00:30', '2024-05-01 10:00:30'],
    ['2024-05-01T10:00:00', '2024-05-01 10:00:00'],
    ['2024-05-01 4pm', '2024-05-01 16:00:00'],
    ['2024-05-01 4:30 p.m.', '2024-05-01 16:30:00'],
    ['2024-05-01 12am', '2024-05-01 00:00:00'],
    ['2024/05/01', '2024-05-01 00:00:00'],
    ['05/01/2024', '2024-05-01 00:00:00'],
    ['01-05-2024', '2024-05-01 00:00:00'],
    ['01.05.2024 10:15', '2024-05-01 10:15:00'],
    ['May 1, 2024', '2024-05-01 00:00:00'],
    ['1 May 2024 9am', '2024-05-01 09:00:00'],
    ['1st May', '2027-05-01 00:00:00'],
    ['2024-02-30', '2024-03-01 00:00:00'],
    ['10:00', '2027-03-10 10:00:00'],
    ['2024-05-01 24:00', '2024-05-02 00:00:00'],
  ])('%s', (input, expected) => {
    expect(wallIn(input, UTC)).toBe(expected);
  });

  it('evaluates plain forms in the given zone', () => {
    expect(iso('2024-05-01 10:00', NY)).toBe('2024-05-01T14:00:00.000Z');
    expect(parseDateInput('2024-05-01 10:00', NY, NOW)?.ownZone).toBe(false);
  });

  it('takes offsets, Z and timestamps as instants', () => {
    expect(iso('2024-05-01T10:00:00Z', NY)).toBe('2024-05-01T10:00:00.000Z');
    expect(iso('2024-05-01T10:00:00+02:00', NY)).toBe('2024-05-01T08:00:00.000Z');
    expect(iso('2024-05-01T10:00:00.000-0500', UTC)).toBe('2024-05-01T15:00:00.000Z');
    expect(iso('2024-05-01 10:00 UTC', NY)).toBe('2024-05-01T10:00:00.000Z');
    expect(iso('2024-05-01 10:00 EST', UTC)).toBe('2024-05-01T15:00:00.000Z');
    expect(iso('@1812380400', NY)).toBe('2027-06-07T15:00:00.000Z');
    expect(iso('1812380400', NY)).toBe('2027-06-07T15:00:00.000Z');
    expect(iso(1812380400, NY)).toBe('2027-06-07T15:00:00.000Z');
    expect(parseDateInput('2024-05-01T10:00:00+02:00', NY, NOW)?.ownZone).toBe(true);
    expect(wallIn('2024-05-01T10:00:00+02:00', NY)).toBe('2024-05-01 10:00:00');
  });
});

describe('parseDateInput: relative forms', () => {
  it.each([
    ['now', '2027-03-10 10:30:45'],
    ['today', '2027-03-10 00:00:00'],
    ['midnight', '2027-03-10 00:00:00'],
    ['noon', '2027-03-10 12:00:00'],
    ['tomorrow', '2027-03-11 00:00:00'],
    ['yesterday', '2027-03-09 00:00:00'],
    ['tomorrow 9am', '2027-03-11 09:00:00'],
    ['9am tomorrow', '2027-03-11 00:00:00'],
    ['tomorrow noon', '2027-03-11 12:00:00'],
    ['+1 day', '2027-03-11 10:30:45'],
    ['+5 days 11am', '2027-03-15 11:00:00'],
    ['-2 weeks', '2027-02-24 10:30:45'],
    ['+1 month', '2027-04-10 10:30:45'],
    ['+1 year', '2028-03-10 10:30:45'],
    ['+2 hours', '2027-03-10 12:30:45'],
    ['-30 minutes', '2027-03-10 10:00:45'],
    ['+10 seconds', '2027-03-10 10:30:55'],
    ['3 days ago', '2027-03-07 10:30:45'],
    ['next month', '2027-04-10 10:30:45'],
    ['last year', '2026-03-10 10:30:45'],
    ['next wednesday', '2027-03-17 00:00:00'],
    ['last wednesday', '2027-03-03 00:00:00'],
    ['wednesday', '2027-03-10 00:00:00'],
    ['friday', '2027-03-12 00:00:00'],
    ['next wednesday 4pm', '2027-03-17 16:00:00'],
    ['first day of next month', '2027-04-01 10:30:45'],
    ['last day of next month', '2027-04-30 10:30:45'],
  ])('%s (in New York)', (input, expected) => {
    expect(wallIn(input, NY)).toBe(expected);
  });

  it('adds months like PHP (overflow)', () => {
    const jan31 = Date.parse('2027-01-31T12:00:00Z');
    expect(formatWall(parseDateInput('+1 month', UTC, jan31)!.written)).toBe('2027-03-03 12:00:00');
  });
});

describe('invalid input', () => {
  it.each([
    'foo',
    'before my birthday',
    'not a strtotime parsable string',
    '',
    '   ',
    '2024-13-01',
    '2024-05-01 25:00',
    '13pm',
    '2024-05-01 10:00 10:00',
    '2024-05-01 2024-05-02',
    'next',
    'Mars/Base',
  ])('%j', (input) => {
    expect(parseDateInput(input, UTC, NOW)).toBeNull();
    expect(isTimeInput(input)).toBe(false);
  });
  it('is_time accepts numbers and parsable strings only', () => {
    expect(isTimeInput(1812380400)).toBe(true);
    expect(isTimeInput('1812380400')).toBe(true);
    expect(isTimeInput('tomorrow 9am')).toBe(true);
    expect(isTimeInput(null)).toBe(false);
    expect(isTimeInput(true)).toBe(false);
    expect(isTimeInput(['2024-05-01'])).toBe(false);
  });
});
