import type { EventZone } from '../dates';

/** The series' first event as stored: wall times `YYYY-MM-DD HH:MM:SS` in its zone (`_EventStartDate`…). */
export interface SeriesTiming {
  start: string;
  end: string;
  /** `_EventTimezone`: an IANA name or a UTC offset zone. */
  timezone: string;
  allDay: boolean;
}

/** What a client sends as `recurrence`. */
export interface RecurrenceInput {
  rrule: string;
  exdate?: string[];
  rdate?: string[];
}

/** One reason a recurrence is refused: `part` names the RRULE part or list item that is wrong. */
export interface RecurrenceProblem {
  part: string;
  message: string;
}

export type Frequency = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY' | 'HOURLY';

/** A validated rule, ready to expand, describe and store. */
export interface RecurrenceRule {
  timing: SeriesTiming;
  zone: EventZone;
  freq: Frequency;
  /** Every part as normalised text (`BYDAY` → `TU,TH`), in RFC 5545's order, UNTIL included. */
  parts: Map<string, string>;
  count?: number;
  /** The last instant an occurrence may start at (UNTIL, inclusive). */
  untilMs?: number;
  /** `YYYY-MM-DD` (the whole day) or `YYYY-MM-DD HH:MM:SS`, sorted, without duplicates. */
  exdates: string[];
  /** `YYYY-MM-DD HH:MM:SS` starts added to the rule's, sorted, without duplicates. */
  rdates: string[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: RecurrenceProblem[] };

/** One occurrence: wall times in the series' zone and their UTC values, like the event date meta. */
export interface Occurrence {
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  /** Seconds between the UTC start and end (`_EventDuration`). */
  duration: number;
  /** Whether the occurrence comes from an `rdate` rather than the rule. */
  added: boolean;
}
