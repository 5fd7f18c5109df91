/**
 * One VEVENT (RFC 5545 §3.6.1) as `POST /events` parameters: each content line parsed by ical.js on
 * its own, so a failure names its line. Dates keep the zone they are written in (TZID, a Windows name,
 * a VTIMEZONE's offset); UTC and floating times take the calendar's zone (X-WR-TIMEZONE, else the site's).
 */
import ICAL from 'ical.js';
import { addDays, EventZone, formatWall, instantToWall, WallTime, wallToInstant, wallToMs } from '../../dates';
import { msToWall } from '../../dates/wall-time';
import { ImportedEvent, ReadFailure } from '../imported-event';
import { propertyName, RawComponent, shorten } from './calendar-text';
import { offsetZone, tzidZone, vtimezoneInstant } from './ical-zones';
import { descriptionHtml, titleText } from './text-values';

/** What every VEVENT of a file is read against. */
export interface CalendarContext {
  vtimezones: ReadonlyMap<string, ICAL.Timezone>;
  /** X-WR-TIMEZONE, else the site's zone: for UTC and floating times and all-day events. */
  defaultZone: EventZone;
}

/** A value that cannot be used, with its line. */
class ValueProblem extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

interface Prop {
  property: ICAL.Property;
  line: number;
}

/** Properties whose values are dates or date-times (RFC 5545 §3.3.4-5): checked strictly, ical.js reads some wrong forms as other dates. */
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
const DATE_VALUE = /^\d{8}(T\d{6}Z?)?(\/\S+)?$/;

/** The value part of a content line: after the first colon outside a quoted parameter. */
function rawValue(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === ':' && !quoted) return text.slice(i + 1);
  }
  return '';
}

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|avif)(\?.*)?$/i;
const zoneName = (zone: EventZone) => (zone.kind === 'iana' ? zone.name : zone.input);
const wallOf = (time: ICAL.Time): WallTime => ({
  year: time.year,
  month: time.month,
  day: time.day,
  hour: time.hour,
  minute: time.minute,
  second: time.second,
});
const isUtc = (time: ICAL.Time) => time.zone === ICAL.Timezone.utcTimezone;
const dayOf = (wall: WallTime) => formatWall(wall).slice(0, 10);

/** The VEVENT's properties by name, each parsed alone (a line ical.js cannot read fails the event, naming it). */
function properties(component: RawComponent): Map<string, Prop[]> {
  const byName = new Map<string, Prop[]>();
  for (const { text, line } of component.lines) {
    let property: ICAL.Property;
    try {
      property = new ICAL.Property(ICAL.parse.property(text) as unknown as unknown[]);
    } catch (error) {
      throw new ValueProblem(line, `"${shorten(text)}" cannot be read: ${(error as Error).message}.`);
    }
    const name = propertyName(text);
    const bad = DATE_PROPERTIES.has(name)
      ? rawValue(text)
          .split(',')
          .find((value) => !DATE_VALUE.test(value.trim()))
      : undefined;
    if (bad !== undefined) throw new ValueProblem(line, `${name}: "${shorten(bad)}" is not a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS, Z for UTC).`);
    byName.set(name, [...(byName.get(name) ?? []), { property, line }]);
  }
  return byName;
}

/** Reads a property's values, a bad value failing with its line. */
function values(prop: Prop): unknown[] {
  try {
    return prop.property.getValues();
  } catch (error) {
    throw new ValueProblem(prop.line, `${prop.property.name.toUpperCase()}: ${(error as Error).message}.`);
  }
}

/** The VEVENT read against the file's zones: the event, or why it cannot be imported. */
export function readVevent(component: RawComponent, context: CalendarContext): ImportedEvent | ReadFailure {
  // Known before any value is read, so that every failure names its UID.
  const uidLine = component.lines.find((l) => propertyName(l.text) === 'UID');
  let uid = uidLine ? rawValue(uidLine.text).trim() || undefined : undefined;
  try {
    const props = properties(component);
    const first = (name: string) => props.get(name)?.[0];
    const text = (name: string) => {
      const prop = first(name);
      return prop ? String(values(prop)[0] ?? '') : '';
    };
    uid = text('UID').trim() || undefined;
    if (!uid) throw new ValueProblem(component.line, 'the VEVENT has no UID.');
    return new VeventReader(props, first, text, context, component.line, uid).read();
  } catch (error) {
    if (error instanceof ValueProblem) return { uid, line: error.line, reason: error.message };
    throw error;
  }
}

/** The zone and wall times of one VEVENT, read property by property. */
class VeventReader {
  private zone!: EventZone;
  private readonly params: Record<string, unknown> = {};
  private readonly paramLines: Record<string, number> = {};

  constructor(
    private readonly props: Map<string, Prop[]>,
    private readonly first: (name: string) => Prop | undefined,
    private readonly text: (name: string) => string,
    private readonly context: CalendarContext,
    private readonly line: number,
    private readonly uid: string,
  ) {}

  read(): ImportedEvent {
    const start = this.first('DTSTART');
    if (!start) throw new ValueProblem(this.line, 'the VEVENT has no DTSTART.');
    const allDay = this.dates(start);
    this.recurrence(allDay);
    this.describe();
    const recurrence = this.first('RECURRENCE-ID');
    const sequence = Number.parseInt(this.text('SEQUENCE'), 10);
    return {
      uid: this.uid,
      line: this.line,
      sequence: Number.isFinite(sequence) ? sequence : 0,
      params: this.params,
      paramLines: this.paramLines,
      recurrenceId: recurrence ? this.recurrenceId(recurrence) : undefined,
      cancelled: this.text('STATUS').toUpperCase() === 'CANCELLED',
    };
  }

  private set(param: string, value: unknown, line: number): void {
    this.params[param] = value;
    this.paramLines[param] = line;
  }

  /** A DATE-TIME value as a UTC instant: UTC, its TZID's zone, or the calendar's zone when floating. */
  private instant(time: ICAL.Time, prop: Prop): number {
    if (isUtc(time)) return wallToMs(wallOf(time));
    const tzid = prop.property.getParameter('tzid') as string | undefined;
    if (!tzid) return wallToInstant(this.context.defaultZone, wallOf(time));
    const zone = tzidZone(tzid, this.context.vtimezones);
    if (!zone) throw new ValueProblem(prop.line, `TZID "${shorten(tzid)}" is neither a known time zone nor a VTIMEZONE of the file.`);
    return zone.kind === 'named' ? wallToInstant(zone.zone, wallOf(time)) : vtimezoneInstant(zone.timezone, wallOf(time));
  }

  private time(prop: Prop): ICAL.Time {
    const value = values(prop)[0];
    if (!(value instanceof ICAL.Time)) throw new ValueProblem(prop.line, `${prop.property.name.toUpperCase()} is not a date or a date-time.`);
    return value;
  }

  /** DTSTART and DTEND (or DURATION): the event's zone, wall times and all-day flag. Returns whether it is all-day. */
  private dates(startProp: Prop): boolean {
    const start = this.time(startProp);
    const endProp = this.first('DTEND');
    const durationProp = this.first('DURATION');
    if (start.isDate) {
      this.zone = this.context.defaultZone;
      const first = wallOf(start);
      let last = first;
      if (endProp) {
        const end = this.time(endProp);
        // DTEND is exclusive: the day before it is the last day.
        last = end.isDate && wallToMs(wallOf(end)) > wallToMs(first) ? addDays(wallOf(end), -1) : first;
      } else if (durationProp) {
        const days = Math.ceil(this.duration(durationProp) / 86_400);
        last = days > 1 ? addDays(first, days - 1) : first;
      }
      this.set('all_day', true, startProp.line);
      this.set('start_date', `${dayOf(first)} 00:00:00`, startProp.line);
      this.set('end_date', `${dayOf(last)} 23:59:59`, (endProp ?? durationProp ?? startProp).line);
      this.set('timezone', zoneName(this.zone), startProp.line);
      return true;
    }
    const startWall = this.startWall(start, startProp);
    let endWall = startWall;
    if (endProp) endWall = this.wallInZone(this.time(endProp), endProp);
    else if (durationProp) endWall = msToWall(wallToMs(startWall) + this.duration(durationProp) * 1000);
    this.set('start_date', formatWall(startWall), startProp.line);
    this.set('end_date', formatWall(endWall), (endProp ?? durationProp ?? startProp).line);
    this.set('timezone', zoneName(this.zone), startProp.line);
    this.set('all_day', false, startProp.line);
    return false;
  }

  /** The start's wall time, choosing the event's zone on the way. */
  private startWall(start: ICAL.Time, prop: Prop): WallTime {
    const tzid = prop.property.getParameter('tzid') as string | undefined;
    const named = tzid && !isUtc(start) ? tzidZone(tzid, this.context.vtimezones) : null;
    if (named?.kind === 'named') {
      this.zone = named.zone;
      return wallOf(start);
    }
    const instant = this.instant(start, prop);
    this.zone = named?.kind === 'vtimezone' ? offsetZone(named.timezone, instant) : this.context.defaultZone;
    return instantToWall(this.zone, instant);
  }

  /** A DATE or DATE-TIME value as a wall time in the event's zone. */
  private wallInZone(time: ICAL.Time, prop: Prop): WallTime {
    return time.isDate ? wallOf(time) : instantToWall(this.zone, this.instant(time, prop));
  }

  private duration(prop: Prop): number {
    const value = values(prop)[0];
    if (!(value instanceof ICAL.Duration)) throw new ValueProblem(prop.line, 'DURATION is not a duration.');
    const seconds = value.toSeconds();
    if (seconds < 0) throw new ValueProblem(prop.line, 'DURATION is negative.');
    return seconds;
  }

  /** RRULE, EXDATE and RDATE as `recurrence` ({rrule, exdate, rdate}, dates in the event's zone). */
  private recurrence(allDay: boolean): void {
    const rule = this.first('RRULE');
    const rdates = this.dateList('RDATE', allDay);
    if (!rule && !rdates.length) return;
    // RDATEs alone: the start and the added dates (a rule that makes only the start).
    const rrule = rule ? this.ruleText(rule, allDay) : 'FREQ=DAILY;COUNT=1';
    this.set('recurrence', { rrule, exdate: this.dateList('EXDATE', allDay), rdate: rdates }, (rule ?? this.first('RDATE')!).line);
  }

  /** The RRULE value, its UNTIL made what the service reads: UTC for a timed series, a date for an all-day one. */
  private ruleText(prop: Prop, allDay: boolean): string {
    const recur = values(prop)[0];
    if (!(recur instanceof ICAL.Recur)) throw new ValueProblem(prop.line, 'RRULE is not a recurrence rule.');
    const until = recur.until;
    const textual = recur.toString();
    if (!until) return textual;
    let value: string;
    if (allDay || until.isDate) value = `${until.year}${String(until.month).padStart(2, '0')}${String(until.day).padStart(2, '0')}`;
    else {
      const instant = isUtc(until) ? wallToMs(wallOf(until)) : wallToInstant(this.zone, wallOf(until));
      value = `${formatWall(msToWall(instant))
        .replace(/[-: ]/g, '')
        .replace(/^(\d{8})/, '$1T')}Z`;
    }
    return textual.replace(/UNTIL=[^;]*/, `UNTIL=${value}`);
  }

  /** Every value of the EXDATE or RDATE properties, in the event's zone (`YYYY-MM-DD` for a day). */
  private dateList(name: 'EXDATE' | 'RDATE', allDay: boolean): string[] {
    const out: string[] = [];
    for (const prop of this.props.get(name) ?? []) {
      for (const raw of values(prop)) {
        const value = raw instanceof ICAL.Period ? raw.start : raw;
        if (!(value instanceof ICAL.Time)) throw new ValueProblem(prop.line, `${name} is not a list of dates.`);
        const wall = this.wallInZone(value, prop);
        out.push(value.isDate || allDay ? dayOf(wall) : formatWall(wall));
      }
    }
    return [...new Set(out)];
  }

  private recurrenceId(prop: Prop): ImportedEvent['recurrenceId'] {
    const time = this.time(prop);
    return time.isDate ? { day: dayOf(wallOf(time)) } : { instantMs: this.instant(time, prop) };
  }

  /** SUMMARY, DESCRIPTION, URL, LOCATION, GEO, ORGANIZER, CATEGORIES, ATTACH/IMAGE. */
  private describe(): void {
    const summary = this.first('SUMMARY');
    this.set('title', titleText(this.text('SUMMARY')) || '(No title)', summary?.line ?? this.line);
    const html = this.htmlDescription();
    const plain = this.first('DESCRIPTION');
    const description = html ? html.value : descriptionHtml(this.text('DESCRIPTION'));
    if (description) this.set('description', description, (html?.prop ?? plain)!.line);
    const url = this.first('URL');
    if (url && /^https?:\/\//i.test(this.text('URL'))) this.set('website', this.text('URL').trim(), url.line);
    this.location();
    this.organizer();
    const categories = [...new Set((this.props.get('CATEGORIES') ?? []).flatMap((p) => values(p).map((v) => String(v).trim())).filter(Boolean))];
    if (categories.length) this.set('categories', categories, this.first('CATEGORIES')!.line);
    this.image();
  }

  /** X-ALT-DESC;FMTTYPE=text/html (Outlook's formatted description). */
  private htmlDescription(): { value: string; prop: Prop } | undefined {
    const prop = (this.props.get('X-ALT-DESC') ?? []).find((p) => String(p.property.getParameter('fmttype') ?? '').toLowerCase() === 'text/html');
    const value = prop ? String(values(prop)[0] ?? '').trim() : '';
    return prop && value ? { value, prop } : undefined;
  }

  /** LOCATION: the venue's name is its first part, the rest its address (as Google and this service's feed write it). */
  private location(): void {
    const prop = this.first('LOCATION');
    const value = this.text('LOCATION').trim();
    if (!prop || !value) return;
    const comma = value.indexOf(',');
    const venue: Record<string, unknown> = { venue: titleText(comma > 0 ? value.slice(0, comma).trim() : value) };
    if (comma > 0 && value.slice(comma + 1).trim()) venue.address = value.slice(comma + 1).trim();
    const geo = this.first('GEO');
    const point = geo ? values(geo)[0] : undefined;
    if (Array.isArray(point) && point.length === 2 && point.every((n) => Number.isFinite(Number(n)))) {
      venue.geo_lat = Number(point[0]);
      venue.geo_lng = Number(point[1]);
    }
    this.set('venue', venue, prop.line);
  }

  /** ORGANIZER;CN=Name:mailto:address. */
  private organizer(): void {
    const prop = this.first('ORGANIZER');
    if (!prop) return;
    const email = String(values(prop)[0] ?? '')
      .replace(/^mailto:/i, '')
      .trim();
    const name = titleText(String(prop.property.getParameter('cn') ?? '').trim()) || email;
    if (!name) return;
    this.set('organizer', [{ organizer: name, ...(email.includes('@') ? { email } : {}) }], prop.line);
  }

  /** IMAGE (RFC 7986), else the first ATTACH that is an image URL. */
  private image(): void {
    const candidates = [...(this.props.get('IMAGE') ?? []), ...(this.props.get('ATTACH') ?? [])];
    for (const prop of candidates) {
      const url = String(values(prop)[0] ?? '').trim();
      const type = String(prop.property.getParameter('fmttype') ?? '').toLowerCase();
      const isImage = prop.property.name === 'image' || type.startsWith('image/') || IMAGE_EXTENSIONS.test(url);
      if (isImage && /^https?:\/\//i.test(url)) return this.set('image', url, prop.line);
    }
  }
}
