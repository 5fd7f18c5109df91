import { resolveZone, zoneOffsetAt } from '../../../src/dates/time-zones';

/** The offset straight from Intl, with no cache in between (the reference). */
function reference(zone: string, instantMs: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instantMs))
      .map((p) => [p.type, p.value]),
  );
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  // setUTCFullYear, not Date.UTC: years below 100 stay themselves.
  const utc = new Date(0);
  utc.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  utc.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return Math.round((utc.getTime() - Math.floor(instantMs / 1000) * 1000) / 1000);
}

describe('zoneOffsetAt: offsets remembered per quarter hour equal the exact ones', () => {
  // DST, half-hour DST (Lord Howe), 45-minute offsets, southern hemisphere, local mean time in seconds (Dublin 1880).
  const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Sao_Paulo', 'Europe/Dublin'];

  it('every second around the 2030 transitions of New York and Lord Howe', () => {
    for (const [zone, iso] of [
      ['America/New_York', '2030-03-10T07:00:00Z'],
      ['America/New_York', '2030-11-03T06:00:00Z'],
      ['Australia/Lord_Howe', '2030-10-05T15:30:00Z'],
      ['Australia/Lord_Howe', '2030-04-06T15:00:00Z'],
    ]) {
      const at = Date.parse(iso);
      for (let ms = at - 20 * 60_000; ms <= at + 20 * 60_000; ms += 1000) {
        expect([zone, ms, zoneOffsetAt(resolveZone(zone)!, ms)]).toEqual([zone, ms, reference(zone, ms)]);
      }
    }
  });

  it('random instants from 1850 to 2040, in any order', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.parse('1850-01-01T00:00:00Z');
    const to = Date.parse('2040-01-01T00:00:00Z');
    for (let i = 0; i < 20_000; i++) {
      const zone = zones[i % zones.length];
      const ms = Math.floor(from + random() * (to - from));
      expect([zone, ms, zoneOffsetAt(resolveZone(zone)!, ms)]).toEqual([zone, ms, reference(zone, ms)]);
    }
  });
});
