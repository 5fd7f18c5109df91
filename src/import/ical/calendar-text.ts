/**
 * An iCalendar file as content lines (RFC 5545 §3.1): lines unfolded, each with the number of the
 * physical line it starts on, and the components found by their BEGIN/END lines. Only the structure is read here; property values are
 * read by ical.js, one VEVENT at a time (vevent-reader.ts), so one bad event does not spoil the file.
 */
import { MAX_EVENTS_PER_FILE } from '../import-limits';
import { MalformedFile } from '../malformed-file';

export interface ContentLine {
  /** The unfolded line. */
  text: string;
  /** The physical line it starts on (1-based). */
  line: number;
}

/** A component (VEVENT, VTIMEZONE…) with its own content lines and the components inside it. */
export interface RawComponent {
  name: string;
  /** The line of its BEGIN. */
  line: number;
  lines: ContentLine[];
  children: RawComponent[];
}

export interface CalendarText {
  /** The VCALENDAR's own properties (X-WR-TIMEZONE, X-WR-CALNAME…). */
  properties: ContentLine[];
  events: RawComponent[];
  timezones: RawComponent[];
}

/** Unfolded content lines: a line starting with a space or a tab continues the previous one. Empty lines are skipped. */
export function contentLines(text: string): ContentLine[] {
  const out: ContentLine[] = [];
  const physical = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < physical.length; i++) {
    const raw = physical[i];
    if (raw === '') continue;
    if ((raw[0] === ' ' || raw[0] === '\t') && out.length) out[out.length - 1].text += raw.slice(1);
    else out.push({ text: raw, line: i + 1 });
  }
  return out;
}

const NAME = /^[A-Za-z0-9-]+/;

/** The property name of a content line, upper-cased ('' when the line has none). */
export function propertyName(line: string): string {
  return (NAME.exec(line)?.[0] ?? '').toUpperCase();
}

/**
 * The calendar's structure: one VCALENDAR (properties, VEVENTs, VTIMEZONEs; other components such as
 * VTODO are skipped), BEGIN and END balanced. More than MAX_EVENTS_PER_FILE VEVENTs is refused here,
 * before any event is read.
 */
export function readStructure(text: string): CalendarText {
  const lines = contentLines(text);
  if (!lines.length || lines[0].text.trim().toUpperCase() !== 'BEGIN:VCALENDAR') {
    throw new MalformedFile(lines[0]?.line ?? 1, 'an iCalendar file starts with BEGIN:VCALENDAR.');
  }
  const result: CalendarText = { properties: [], events: [], timezones: [] };
  const stack: RawComponent[] = [];
  let ended = false;
  for (const entry of lines.slice(1)) {
    if (ended) throw new MalformedFile(entry.line, 'nothing may follow END:VCALENDAR.');
    const name = propertyName(entry.text);
    const value = entry.text
      .slice(entry.text.indexOf(':') + 1)
      .trim()
      .toUpperCase();
    if (!entry.text.includes(':') || name === '') throw new MalformedFile(entry.line, `"${shorten(entry.text)}" is not a content line (NAME:value).`);
    if (name === 'BEGIN') {
      const component: RawComponent = { name: value, line: entry.line, lines: [], children: [] };
      if (stack.length) stack[stack.length - 1].children.push(component);
      else if (value === 'VEVENT') {
        if (result.events.length >= MAX_EVENTS_PER_FILE) throw new MalformedFile(entry.line, `a file may hold at most ${MAX_EVENTS_PER_FILE} VEVENTs.`);
        result.events.push(component);
      } else if (value === 'VTIMEZONE') result.timezones.push(component);
      stack.push(component);
    } else if (name === 'END') {
      if (!stack.length) {
        if (value !== 'VCALENDAR') throw new MalformedFile(entry.line, `END:${value} without its BEGIN.`);
        ended = true;
        continue;
      }
      const open = stack.pop()!;
      if (open.name !== value) throw new MalformedFile(entry.line, `END:${value} closes BEGIN:${open.name} of line ${open.line}.`);
    } else if (stack.length) stack[stack.length - 1].lines.push(entry);
    else result.properties.push(entry);
  }
  if (stack.length) throw new MalformedFile(stack[stack.length - 1].line, `BEGIN:${stack[stack.length - 1].name} is never closed.`);
  if (!ended) throw new MalformedFile(lines[lines.length - 1].line, 'the file ends without END:VCALENDAR.');
  return result;
}

/** A line as quoted in a reason: at most 60 characters. */
export function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The component's text again (its lines and its children's), for ical.js. */
export function componentText(component: RawComponent): string {
  return [`BEGIN:${component.name}`, ...component.lines.map((l) => l.text), ...component.children.map(componentText), `END:${component.name}`].join('\r\n');
}
