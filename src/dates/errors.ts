/** A date parameter that cannot be used; the caller maps it to 400 `rest_invalid_param` / `rest_missing_callback_param`. */
export class DateInputError extends Error {
  constructor(
    readonly param: string,
    readonly missing = false,
  ) {
    super(missing ? `Missing parameter: ${param}` : `Invalid parameter: ${param}`);
    this.name = 'DateInputError';
  }
}
