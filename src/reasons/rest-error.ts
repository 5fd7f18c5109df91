/**
 * An error the API answers in the WordPress REST envelope: {code, message, data: {status, ...}}.
 * Everything that reaches a client as an error is one of these (the exception filter converts the rest).
 */
export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** Extra keys of `data` (e.g. `params`), or null for the rare codes WordPress sends with `data: null`. */
    readonly extra: Record<string, unknown> | null = {},
    /** Top-level keys besides code/message/data (e.g. `additional_data`). */
    readonly topLevel: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    const data = this.extra === null ? null : { status: this.status, ...this.extra };
    return { code: this.code, message: this.message, data, ...this.topLevel };
  }

  static noRoute(): RestError {
    return new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404);
  }

  static invalidJson(detail: string): RestError {
    return new RestError('rest_invalid_json', 'The request body is not valid JSON.', 400, {
      json_error_code: 4,
      json_error_message: detail || 'Syntax error',
    });
  }

  static missingParams(names: string[]): RestError {
    return new RestError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
      params: names,
    });
  }

  /** `params`: name → message; `details`: name → {code,message,data} for validators with their own error. */
  static invalidParams(params: Record<string, string>, details: Record<string, unknown> = {}): RestError {
    return new RestError('rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, 400, {
      params,
      details: Object.keys(details).length ? details : [],
    });
  }

  /** Permission failure: 401 for anonymous callers, 403 for authenticated ones. */
  static forbidden(authenticated: boolean): RestError {
    return new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', authenticated ? 403 : 401);
  }

  static internal(): RestError {
    return new RestError('internal_server_error', 'The server could not complete the request.', 500);
  }
}
