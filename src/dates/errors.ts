import { shownValue } from '../reasons/shown-value';

/**
 * A date parameter that cannot be used, with the reason a client reads in `data.params` (issue #18);
 * the caller maps it to 400 `rest_invalid_param`, or `rest_missing_callback_param` when `missing`.
 */
export class DateInputError extends Error {
  constructor(
    readonly param: string,
    readonly reason: string,
    readonly missing = false,
  ) {
    super(reason);
    this.name = 'DateInputError';
  }

  static notADate(param: string, value: unknown): DateInputError {
    return new DateInputError(param, `${param} is not a date or time: ${shownValue(value)}.`);
  }

  /** MySQL's DATETIME range, which every stored date must fit (issue #13). */
  static outOfRange(param: string): DateInputError {
    return new DateInputError(param, `${param} falls outside the years 1000 to 9999.`);
  }

  static missing(param: string): DateInputError {
    return new DateInputError(param, `Missing parameter: ${param}`, true);
  }

  /** A bound an older version stored unreadably: an update must give a new one. */
  static storedUnreadable(param: string): DateInputError {
    return new DateInputError(param, `${param}: the stored value cannot be read; give a new ${param}.`);
  }

  static unknownZone(param: string, value: unknown): DateInputError {
    return new DateInputError(param, `${param} is not a known time zone: ${shownValue(value)} (use a name such as Europe/Paris, or UTC+2).`);
  }
}
