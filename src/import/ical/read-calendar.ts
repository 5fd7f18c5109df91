/**
 * An iCalendar file as the importer's events: the structure (calendar-text.ts; a file that is not
 * iCalendar throws MalformedFile), the calendar's zone (X-WR-TIMEZONE), its VTIMEZONEs, then each
 * VEVENT on its own (vevent-reader.ts): a bad one is a failure with its line, the others go on.
 */
import ICAL from 'ical.js';
import { EventZone } from '../../dates';
import { ReadResult } from '../imported-event';
import { componentText, propertyName, readStructure } from './calendar-text';
import { namedZone } from './ical-zones';
import { readVevent } from './vevent-reader';

/** The file's VTIMEZONEs by TZID; one ical.js cannot read is left out (an event using it then fails, naming its TZID). */
function vtimezones(components: ReturnType<typeof readStructure>['timezones']): Map<string, ICAL.Timezone> {
  const out = new Map<string, ICAL.Timezone>();
  for (const component of components) {
    try {
      const timezone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(componentText(component)) as unknown as unknown[]));
      if (timezone.tzid) out.set(timezone.tzid, timezone);
    } catch {
      // An unreadable VTIMEZONE: events naming its TZID report it.
    }
  }
  return out;
}

/** Reads a calendar; `siteZone` is for UTC and floating times when the file names no zone of its own. */
export function readCalendar(text: string, siteZone: EventZone): ReadResult {
  const structure = readStructure(text);
  const calendarZone = structure.properties.find((p) => propertyName(p.text) === 'X-WR-TIMEZONE');
  const named = calendarZone ? namedZone(calendarZone.text.slice(calendarZone.text.indexOf(':') + 1)) : null;
  const context = { vtimezones: vtimezones(structure.timezones), defaultZone: named ?? siteZone };
  const result: ReadResult = { events: [], failures: [] };
  for (const component of structure.events) {
    const read = readVevent(component, context);
    if ('reason' in read) result.failures.push(read);
    else result.events.push(read);
  }
  return result;
}
