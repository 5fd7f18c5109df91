import type { IncomingMessage, ServerResponse } from 'node:http';
import { captureBody } from './body-capture';
import { ifNoneMatchMatches, sendNotModified, setCachingHeaders } from './conditional-get';
import type { CachedAnswer } from './response-cache';

/** Headers that belong to one request or that the cache step decides, never replayed. */
const PER_REQUEST = new Set(['cache-control', 'expires', 'date', 'x-request-id', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding']);

export type RecordedAnswer = Omit<CachedAnswer, 'created' | 'generation' | 'dependencies'>;

/** Hands `keep` the route's 200 answer with every header it is sent with, but the per-request ones. */
export function recordAnswer(res: ServerResponse, keep: (answer: RecordedAnswer) => void): void {
  captureBody(res, (body, etag, counts) => {
    if (res.statusCode === 200) keep({ headers: sharedHeaders(res), body, etag, counts });
  });
}

/**
 * Writes a cached answer as it was first sent (304 when If-None-Match matches its ETag), with the
 * caching headers of its kind: public for anonymous answers, WordPress's private ones for a caller's.
 */
export function replayAnswer(answer: CachedAnswer, req: IncomingMessage, res: ServerResponse, authenticated = false): void {
  res.statusCode = 200;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  setCachingHeaders(res, authenticated);
  if (ifNoneMatchMatches(req, answer.etag)) return sendNotModified(res);
  res.end(answer.body);
}

/** The answer's headers as the route wrote them (names in their own case, as WordPress sends them), but the per-request ones. */
function sharedHeaders(res: ServerResponse): CachedAnswer['headers'] {
  const headers: CachedAnswer['headers'] = [];
  // Every OutgoingMessage has it (Node 15.13); @types/node declares it on ClientRequest only.
  for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const value = res.getHeader(name);
    if (value !== undefined && !PER_REQUEST.has(name.toLowerCase())) headers.push([name, value]);
  }
  return headers;
}
