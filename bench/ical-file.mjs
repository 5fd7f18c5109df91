// A generated iCalendar file for the import's bench row (`npm run bench -- --scenarios import`) and its
// tests (test/e2e/import-bulk.e2e-spec.ts, at a small size): `count` VEVENTs, a tenth of them weekly
// series of 10, at 12 venues and in 8 categories, every 25th all-day, in three zones (Berlin, New
// York, UTC), every 40th with an organizer. Deterministic: the same count gives the same file.

const ZONES = ['Europe/Berlin', 'America/New_York', 'UTC'];
const pad = (n) => String(n).padStart(2, '0');

/** `YYYYMMDD` of the day `offset` days after 2027-01-04 (a Monday). */
function day(offset) {
  const date = new Date(Date.UTC(2027, 0, 4 + offset));
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

function vevent(i) {
  const zone = ZONES[i % ZONES.length];
  const start = day(i % 600);
  const hour = 8 + (i % 10);
  const lines = ['BEGIN:VEVENT', `UID:bench-${i}@example.org`, 'DTSTAMP:20261101T120000Z', `SUMMARY:Bench event ${i}`];
  if (i % 25 === 3) lines.push(`DTSTART;VALUE=DATE:${start}`, `DTEND;VALUE=DATE:${day((i % 600) + 1)}`);
  else if (zone === 'UTC') lines.push(`DTSTART:${start}T${pad(hour)}0000Z`, `DTEND:${start}T${pad(hour + 1)}3000Z`);
  else lines.push(`DTSTART;TZID=${zone}:${start}T${pad(hour)}0000`, `DTEND;TZID=${zone}:${start}T${pad(hour + 2)}0000`);
  if (i % 10 === 0) lines.push('RRULE:FREQ=WEEKLY;COUNT=10');
  lines.push(`DESCRIPTION:The <b>${i}th</b> event of the bench\\, with a comma and a line\\nbreak.`);
  lines.push(`LOCATION:Bench Hall ${i % 12}\\, ${1 + (i % 12)} Main Street\\, Springfield`);
  lines.push(`CATEGORIES:Category ${i % 8}${i % 3 === 0 ? `,Category ${(i + 3) % 8}` : ''}`);
  if (i % 40 === 7) lines.push(`ORGANIZER;CN=Organizer ${((i - 7) / 40) % 4}:mailto:organizer${((i - 7) / 40) % 4}@example.org`);
  if (i % 5 === 1) lines.push(`URL:https://example.org/events/${i}`);
  lines.push('END:VEVENT');
  return lines.join('\r\n');
}

/** The file's text: `count` VEVENTs in one VCALENDAR. */
export function benchCalendar(count) {
  const events = Array.from({ length: count }, (_, i) => vevent(i));
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//events-calendar-api//bench//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}
