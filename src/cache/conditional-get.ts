import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Anonymous 200 answers: any cache may keep them, but must ask again (If-None-Match, a cheap 304)
 * before each use, so nobody is served an answer older than the data (docs/caching.md).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Authenticated answers: WordPress's headers for logged-in requests (kept by no intermediary). */
export const PRIVATE_CACHE_HEADERS: readonly [string, string][] = [
  ['Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private'],
  ['Expires', 'Wed, 11 Jan 1984 05:00:00 GMT'],
];
/** The caching headers of a 200 answer of its kind: public for anonymous answers, WordPress's private ones for a caller's. */
export function setCachingHeaders(res: ServerResponse, authenticated: boolean): void {
  if (authenticated) for (const [name, value] of PRIVATE_CACHE_HEADERS) res.setHeader(name, value);
  else res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
}

/** Anonymous errors: kept by no cache (a 404 must not outlive the creation of what was missing). */
export const ERROR_CACHE_CONTROL = 'no-store';

/** Headers that describe the body beyond its bytes: part of what the ETag identifies. */
const DESCRIBING_HEADERS = ['x-wp-total', 'x-wp-totalpages', 'link'];

/** Strong ETag of a serialized answer: SHA-1 of the body and its describing headers. */
export function entityTag(body: Buffer, res: ServerResponse): string {
  return entityTagOf(body, (name) => res.getHeader(name));
}

/** `entityTag` of a body whose headers `header` gives (by lower-case name). */
export function entityTagOf(body: Buffer, header: (name: string) => string | number | readonly string[] | undefined): string {
  const described = DESCRIBING_HEADERS.map((name) => {
    const value = header(name);
    return Array.isArray(value) ? value.join(', ') : String(value ?? '');
  }).join('\n');
  // Two updates rather than one hash of a concatenation: the body (tens of kB for a list) is not copied.
  return `"${createHash('sha1').update(`${described}\n`, 'utf8').update(body).digest('base64url')}"`;
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to `etag` by weak comparison (W/ ignored). */
export function ifNoneMatchMatches(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** 304: the validators and caching headers stay, the body and its content headers go. */
export function sendNotModified(res: ServerResponse): void {
  res.statusCode = 304;
  res.removeHeader('Content-Type');
  res.removeHeader('Content-Length');
  res.end();
}
