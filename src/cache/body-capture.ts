import type { ServerResponse } from 'node:http';
import type { CountPlace } from '../rest/json-text';

/** Receives a 200 GET/HEAD answer once serialized, with its ETag and its term counts' places, before it is sent. */
export type BodyListener = (body: Buffer, etag: string, counts: readonly CountPlace[]) => void;

const listeners = new WeakMap<ServerResponse, BodyListener>();

/**
 * Asks to see the answer the route produces (src/app/json-express.adapter.ts): the response cache to
 * keep it, or — without one — the front road to learn its headers (src/app/front-reads.road.ts).
 */
export function captureBody(res: ServerResponse, listener: BodyListener): void {
  listeners.set(res, listener);
}

/** Called where answers are serialized; a no-op for responses nobody asked to see. */
export function notifyBody(res: ServerResponse, body: Buffer, etag: string, counts: readonly CountPlace[] = []): void {
  listeners.get(res)?.(body, etag, counts);
}
