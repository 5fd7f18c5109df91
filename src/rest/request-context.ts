import type { Request } from 'express';
import type { Caller } from '../auth/caller';

/** What the HTTP pipeline attaches to each request before routing. */
export interface RestRequest extends Request {
  /** Language from the `/{lang}/wp-json/...` prefix, when the request used one. */
  restLanguage?: string;
  /** Set when a JSON body could not be parsed; reported as rest_invalid_json at the parameter stage. */
  jsonError?: string;
  caller: Caller;
}
