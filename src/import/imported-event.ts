/** What a file's reader hands the importer: events as REST write parameters, and what could not be read. */

/** One event of a file (a VEVENT, a CSV row), as the parameters of `POST /events`. */
export interface ImportedEvent {
  /** Its identity in the source (the VEVENT's UID; a CSV row's), kept in the event's `_uid` meta. */
  uid: string;
  /** The line it starts on. */
  line: number;
  /** SEQUENCE (0 when absent): an older revision than the one imported before is not written. */
  sequence: number;
  /** `POST /events` parameters (title, start_date, end_date, timezone, all_day, recurrence, venue…). */
  params: Record<string, unknown>;
  /** The source line of each parameter, to name it in a failure. */
  paramLines: Record<string, number>;
  /** RECURRENCE-ID: the start the series' rule gave this changed occurrence (an instant, or a day `YYYY-MM-DD`). */
  recurrenceId?: { instantMs: number } | { day: string };
  /** STATUS:CANCELLED. */
  cancelled: boolean;
}

/** A VEVENT or row that could not be read: its line and why. */
export interface ReadFailure {
  uid?: string;
  line: number;
  reason: string;
}

/** What a reader returns: the events in file order and the failures. */
export interface ReadResult {
  events: ImportedEvent[];
  failures: ReadFailure[];
}
