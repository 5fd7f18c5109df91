import type { ServerResponse } from 'node:http';

/** Receives a 200 GET/HEAD answer once serialized, with its ETag, before it is sent. */
export type BodyListener = (body: Buffer, etag: string) => void;

const listeners = new WeakMap<ServerResponse, BodyListener[]>();

/**
 * Asks to see the answer the route produces (src/app/json-express.adapter.ts): the response cache
 * keeps it, the front road learns its headers (src/app/front-reads.road.ts); both may ask of one answer.
 */
export function captureBody(res: ServerResponse, listener: BodyListener): void {
  const asked = listeners.get(res);
  if (asked) asked.push(listener);
  else listeners.set(res, [listener]);
}

/** Called where answers are serialized; a no-op for responses nobody asked to see. */
export function notifyBody(res: ServerResponse, body: Buffer, etag: string): void {
  for (const listener of listeners.get(res) ?? []) listener(body, etag);
}
