import type { ServerResponse } from 'node:http';

/**
 * Headers WordPress keeps on its REST response object (rather than sending them directly), which
 * `_envelope` moves into the envelope: pagination totals and links, Allow, Location, Retry-After.
 */
const ENVELOPED_HEADERS = ['Allow', 'Link', 'Location', 'Retry-After', 'X-WP-Total', 'X-WP-TotalPages'];

/**
 * WordPress's `_envelope` (WP_REST_Server::envelope_response): the answer becomes
 * `{body, status, headers}` and is sent with status 200, for clients that cannot read a status or
 * headers. The moved headers leave the HTTP response, as in WordPress.
 */
export function envelope(res: ServerResponse, body: unknown, status: number): Record<string, unknown> {
  const headers: Record<string, string> = {};
  for (const name of ENVELOPED_HEADERS) {
    const value = res.getHeader(name);
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    res.removeHeader(name);
  }
  res.statusCode = 200;
  return { body, status, headers };
}
