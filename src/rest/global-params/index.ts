import type { Request } from 'express';
import type { ServerResponse } from 'node:http';
import { envelope } from './envelope';
import { parseFields, pickFields } from './response-fields';

export { restRouteUrl } from './rest-route';

/** `_fields` / `_envelope` somewhere in the URL (`%5F` for an encoded underscore). */
const GLOBAL_PARAM = /(?:_|%5f)(?:fields|envelope)/i;

/**
 * WordPress's global response parameters, applied to every JSON answer where it is serialised
 * (json-express.adapter.ts, rest-exception.filter.ts, route-answers.ts): `_fields` to success
 * answers, then `_envelope` to every answer, errors included (as WP_REST_Server::serve_request).
 * Both are read from the query string. Returns the body to send; `_envelope` also sets the status.
 */
export function shapeAnswer(req: Request, res: ServerResponse, body: unknown, isError: boolean): unknown {
  // Express parses the query string again on every read of req.query: most answers need not.
  if (!GLOBAL_PARAM.test(req.url)) return body;
  const query = (req.query ?? {}) as Record<string, unknown>;
  let shaped = body;
  if (!isError && query._fields !== undefined) {
    const fields = parseFields(query._fields);
    if (fields) shaped = pickFields(body, fields);
  }
  if (query._envelope !== undefined) shaped = envelope(res, shaped, res.statusCode);
  return shaped;
}
