import ICAL from 'ical.js';

/** One VEVENT as ical.js reads it: the UTC instants its zone gives, and its properties. */
export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  categories: string[];
  geo?: [number, number];
  organizer?: { cn: string; value: string };
  /** DTSTART / DTEND as ical.js resolves them (through the feed's VTIMEZONE). */
  start: ICAL.Time;
  end: ICAL.Time;
  tzid?: string;
  /** UTC instants, ISO (`2027-04-08T08:45:00.000Z`); for DATE values, the date itself. */
  startUtc: string;
  endUtc: string;
  allDay: boolean;
}

export interface ParsedCalendar {
  calendar: ICAL.Component;
  timezones: Map<string, ICAL.Timezone>;
  events: ParsedEvent[];
}

const iso = (t: ICAL.Time) => (t.isDate ? t.toString() : new Date(t.toUnixTime() * 1000).toISOString());

/**
 * Parses a feed with ical.js (a maintained iCalendar library): its VTIMEZONEs are registered so that
 * DTSTART/DTEND resolve through them, as a calendar application would.
 */
export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezones = new Map<string, ICAL.Timezone>();
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(component);
    const zone = new ICAL.Timezone(component);
    timezones.set(zone.tzid, zone);
  }
  const events = calendar.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    const organizer = component.getFirstProperty('organizer');
    const geo = component.getFirstPropertyValue('geo') as unknown as [number, number] | null;
    return {
      uid: event.uid,
      summary: event.summary,
      description: String(component.getFirstPropertyValue('description') ?? ''),
      location: String(component.getFirstPropertyValue('location') ?? ''),
      url: String(component.getFirstPropertyValue('url') ?? ''),
      categories: component.getAllProperties('categories').flatMap((p) => p.getValues().map(String)),
      geo: geo ?? undefined,
      organizer: organizer ? { cn: String(organizer.getParameter('cn') ?? ''), value: String(organizer.getFirstValue()) } : undefined,
      start: event.startDate,
      end: event.endDate,
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined,
      startUtc: iso(event.startDate),
      endUtc: iso(event.endDate),
      allDay: event.startDate.isDate,
    };
  });
  return { calendar, timezones, events };
}

/** Every line of a serialised feed: CRLF-terminated and at most 75 octets (RFC 5545 §3.1). */
export function rawLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
  return lines;
}
