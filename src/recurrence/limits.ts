/** Bounds of a series (docs/recurring-events.md "Limits"). */

/** The most occurrences one series may materialise; a rule that would make more is refused. */
export const MAX_OCCURRENCES = 1000;

/** An endless rule (neither COUNT nor UNTIL) is materialised this many months after "now". */
export const HORIZON_MONTHS = 24;

/** The postmeta key holding the rule on the series' first event: the key the plugin's own importer writes. */
export const RECURRENCE_META_KEY = '_EventRecurrenceRRULE';
