/**
 * Recurring events (issue #24), pure functions: no Nest, no SQL (docs/recurring-events.md).
 *
 *   parseRecurrence(input, timing) → { ok, value: RecurrenceRule } | { ok: false, problems: [{ part, message }] }
 *   expandRecurrence(rule, nowMs)  → { ok, value: { occurrences, horizon } } | problems (over MAX_OCCURRENCES)
 *   describeRecurrence(rule)       → "Every Tuesday and Thursday until June 30, 2027"
 *   serializeRecurrence(rule)      → RFC 5545 lines stored in RECURRENCE_META_KEY; readStoredRecurrence reads them back
 */
export { describeRecurrence } from './describe';
export { expandRecurrence, horizonFor } from './expand';
export type { Expansion } from './expand';
export { HORIZON_MONTHS, MAX_LISTED_DATES, MAX_OCCURRENCES, MAX_SEARCH_PERIODS, MAX_SPAN_YEARS, RECURRENCE_META_KEY } from './limits';
export { parseRecurrence } from './parse-recurrence';
export { readStoredRecurrence, serializeRecurrence } from './serialize';
export { timingWithRuleStart } from './rule-start';
export type { Frequency, Occurrence, Parsed, RecurrenceInput, RecurrenceProblem, RecurrenceRule, SeriesTiming } from './types';
