/**
 * Publication dates of events, venues and organizers (formats.md §1.8, WordPress core rules).
 * `date` is parsed in the site time zone (Q52 DEVIATE), `date_utc` as UTC; one given → the other
 * is converted. Neither given: on create both are "now", except that drafts/pending get the
 * floating `0000-00-00 00:00:00` UTC date (Q41); on update they stay (Q68 DEVIATE), except that a
 * floating draft leaving the floating statuses gets "now" (WordPress core's date on publication).
 * Both columns must lie in years 1000–9999: parseDateInput ensures it for the column the input is
 * read in; `date_utc` within a few hours of that range's ends may still leave it in the site zone.
 */
import { DateInputError } from './errors';
import { formatUtc } from './event-dates';
import { parseDateInput } from './parse-date';
import { UTC_ZONE, instantToWall, zoneOrFallback } from './time-zones';
import { formatWall, isStorableWall } from './wall-time';

export const ZERO_DATE = '0000-00-00 00:00:00';
const FLOATING_STATUSES = ['draft', 'pending', 'auto-draft'];

export interface PublicationInput {
  date?: string | number;
  date_utc?: string | number;
}

export interface PublicationDates {
  post_date: string;
  post_date_gmt: string;
}

export interface PublicationContext {
  siteTimezone: string;
  now: Date | number;
  /** Status the record will have after the write. */
  status: string;
  /** Current columns and status (updates only). */
  stored?: PublicationDates & { post_status: string };
}

/** The two publication columns to write, or null when they stay unchanged. */
export function preparePublicationDates(input: PublicationInput, ctx: PublicationContext): PublicationDates | null {
  const now = typeof ctx.now === 'number' ? ctx.now : ctx.now.getTime();
  const site = zoneOrFallback(ctx.siteTimezone);
  const parse = (value: string | number, param: string, utc: boolean) => {
    const parsed = value === '' ? null : parseDateInput(value, utc ? UTC_ZONE : site, now);
    if (!parsed) throw DateInputError.notADate(param, value);
    return parsed.instant;
  };
  const local = (instant: number, param: string) => {
    const wall = instantToWall(site, instant);
    if (!isStorableWall(wall)) throw DateInputError.outOfRange(param);
    return formatWall(wall);
  };

  if (input.date !== undefined && input.date_utc !== undefined) {
    return { post_date: local(parse(input.date, 'date', false), 'date'), post_date_gmt: formatUtc(parse(input.date_utc, 'date_utc', true)) };
  }
  if (input.date !== undefined) {
    const instant = parse(input.date, 'date', false);
    return { post_date: local(instant, 'date'), post_date_gmt: formatUtc(instant) };
  }
  if (input.date_utc !== undefined) {
    const instant = parse(input.date_utc, 'date_utc', true);
    return { post_date: local(instant, 'date_utc'), post_date_gmt: formatUtc(instant) };
  }
  const floating = FLOATING_STATUSES.includes(ctx.status);
  const nowLocal = formatWall(instantToWall(site, now));
  if (!ctx.stored) return { post_date: nowLocal, post_date_gmt: floating ? ZERO_DATE : formatUtc(now) };
  const storedFloating = FLOATING_STATUSES.includes(ctx.stored.post_status) && ctx.stored.post_date_gmt === ZERO_DATE;
  if (storedFloating && !floating) return { post_date: nowLocal, post_date_gmt: formatUtc(now) };
  return null;
}

/** `post_modified` / `post_modified_gmt` of every write. */
export function modificationDates(siteTimezone: string, now: Date | number): { post_modified: string; post_modified_gmt: string } {
  const instant = typeof now === 'number' ? now : now.getTime();
  return { post_modified: formatWall(instantToWall(zoneOrFallback(siteTimezone), instant)), post_modified_gmt: formatUtc(instant) };
}
