/** Bounds of a series (docs/recurring-events.md "Limits"). */

/** The most occurrences one series may materialise; a rule that would make more is refused. */
export const MAX_OCCURRENCES = 1000;

/** The most dates one `exdate` or `rdate` list may hold. */
export const MAX_LISTED_DATES = MAX_OCCURRENCES;

/** An endless rule (neither COUNT nor UNTIL) is materialised this many months after "now". */
export const HORIZON_MONTHS = 24;

/** No occurrence may start more than this many years after the series' first event (nor after 9999). */
export const MAX_SPAN_YEARS = 100;

/**
 * The most periods of its FREQ (hours, days, weeks, months, years) one expansion may step through,
 * whether they hold an occurrence or not: the library only stops on the dates it finds, so a rule whose
 * dates are rare (or never come) is bounded by the periods it searches. Weekly, monthly and yearly
 * rules search their whole span within it (5,218 weeks, 1,200 months, 100 years); a daily or hourly
 * one about 27 years, which costs about as much as a yearly rule's 100 (each year a period looks at
 * its 366 days): 150–220 ms measured at the bound on a shared, loaded 2-core machine. Hourly rules
 * skip the days they filter out in one period each, so the bound only refuses rules whose dates are
 * rare for their frequency (FREQ=DAILY for February 29): with a longer FREQ and the same BY parts, they fit.
 */
export const MAX_SEARCH_PERIODS = 10_000;

/** The longest RRULE text read (the longest useful rule, every BYYEARDAY listed, is under 3,000). */
export const MAX_RULE_LENGTH = 4096;

/** The postmeta key holding the rule on the series' first event: the key the plugin's own importer writes. */
export const RECURRENCE_META_KEY = '_EventRecurrenceRRULE';
