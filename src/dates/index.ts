/**
 * Event dates and time zones (formats.md §1, events.md §4.1, lists-and-filters.md §2.2,
 * storage.md §3 and §11). Pure functions: callers pass "now", site settings and stored meta.
 *
 * Site / zones
 *   siteTimezone({ timezone_string, gmt_offset }): string          site zone string (§1.2)
 *   isValidTimezoneInput(value): boolean                             `timezone` validation (§1.3, OQ-13)
 *   resolveZone(text): EventZone | null, zoneOffsetAt, zoneAbbreviation, instantToWall, wallToInstant
 * Input parsing
 *   isTimeInput(value): boolean                                      validation rule "is_time" (§1.4)
 *   parseDateInput(value, zone, nowMs): ParsedDate | null            strtotime-compatible subset (see parse-date.ts)
 * Event writes
 *   prepareEventDates({ start_date?, end_date?, timezone?, all_day? }, { timezone, multiDayCutoff? }, now, stored?)
 *       → { dates: { _EventStartDate, _EventEndDate, _EventStartDateUTC, _EventEndDateUTC, _EventDuration,
 *                    _EventTimezone, _EventTimezoneAbbr } | null, allDay: '1' | null | undefined }
 *       throws DateInputError (param, reason, missing) for unusable/missing values
 *   beginningOfDay(wall, cutoff), endOfDay(wall, cutoff), parseCutoff(multiDayCutoff)     (§1.6)
 *   occurrenceHash({ postId, startDate, endDate, startDateUtc, endDateUtc, duration }): string  (storage.md §11)
 * Responses
 *   renderEventDates(meta, siteTimezone) → { all_day, start_date, start_date_details, end_date, …,
 *       utc_end_date_details, timezone, timezone_abbr }                                   (§1.7, Q5, Q63)
 *   dateDetails(value): { year, month, day, hour, minutes, seconds }
 *   jsonLdDate(local, utc), jsonLdValidFrom(postDate)                                    (events.md §1.5)
 * Publication dates (§1.8)
 *   preparePublicationDates({ date?, date_utc? }, { siteTimezone, now, status, stored? }) → { post_date, post_date_gmt } | null
 *   modificationDates(siteTimezone, now) → { post_modified, post_modified_gmt }
 * Range (issue #13): every stored or compared date lies in MySQL DATETIME's years 1000–9999
 *   isStorableWall(wall): a real date-time in range; clampStorable(value): a computed bound pulled into it
 * Lists
 *   eventDateWindow({ start_date?, end_date?, starts_before?, starts_after?, ends_before?, ends_after?, strict_dates? },
 *       siteTimezone, now, { multiDayCutoff?, timezoneMode? })
 *       → { conditions: [{ key: '_EventStartDate' | '_EventEndDate' | '_EventStartDateUTC' | '_EventEndDateUTC',
 *                          operator: '>=' | '<=' | '<' | '>', value }], orderKey }   (lists-and-filters.md §2.2)
 */
export { beginningOfDay, endOfDay, parseCutoff } from './day-bounds';
export type { Cutoff } from './day-bounds';
export { defaultWindowBounds, eventDateWindow, isStrictDates } from './date-window';
export type { DateCondition, DateMetaKey, DateWindow, DateWindowOptions, DateWindowParams } from './date-window';
export { DateInputError } from './errors';
export { formatUtc, isTruthyMeta, prepareEventDates } from './event-dates';
export type { EventDateMeta, EventDatesInput, PreparedEventDates, SiteDateSettings, StoredEventDates } from './event-dates';
export { jsonLdDate, jsonLdValidFrom } from './json-ld-dates';
export { occurrenceHash } from './occurrence-hash';
export type { OccurrenceHashInput } from './occurrence-hash';
export { isNumericString, isTimeInput, parseDateInput } from './parse-date';
export type { ParsedDate } from './parse-date';
export { ZERO_DATE, modificationDates, preparePublicationDates } from './publication-dates';
export type { PublicationContext, PublicationDates, PublicationInput } from './publication-dates';
export { dateDetails, renderEventDates } from './render-dates';
export type { DateDetails, RenderedEventDates, StoredDateMeta } from './render-dates';
export { siteTimezone } from './site-timezone';
export type { SiteTimezoneOptions } from './site-timezone';
export {
  UTC_ZONE,
  instantToWall,
  isUtcZone,
  isValidTimezoneInput,
  resolveZone,
  wallToInstant,
  zoneAbbreviation,
  zoneOffsetAt,
  zoneOrFallback,
} from './time-zones';
export type { EventZone } from './time-zones';
export { addDays, clampStorable, formatWall, isStorableWall, parseStoredWall, wallToMs } from './wall-time';
export type { WallTime } from './wall-time';
