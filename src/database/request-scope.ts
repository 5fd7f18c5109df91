import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the data layer knows about the HTTP request it serves, for the request's whole async call
 * chain (entered by `enterRequestScope` after authentication). Code outside a request (CLI, boot)
 * has no scope and behaves as before.
 */
export interface RequestScope {
  /** Reads outside a transaction may go to a read replica (anonymous GET/HEAD requests). */
  preferReplica: boolean;
  /** Per-request memo: values read once per request (site options, OptionsStore), cleared on commit. */
  readonly memo: Map<string, Promise<unknown>>;
  /** When the request arrived (epoch ms): its waits for the database share one bound (requestWaitDeadline). */
  readonly arrivedAt: number;
  /**
   * Set by the response cache on an anonymous miss: the data version (generation) this request read before any of
   * its data, and (SQLite) the committed-read mark taken before it. Values shared across requests
   * (ListTotals) are valid under it.
   */
  dataVersion?: { generation: number; mark: number };
  /**
   * What the request's answer shows, as cache keys (src/cache/dependencies.ts), while its route
   * collects them; undefined: anything (the answer is retired by every write).
   */
  dependencies?: Set<string>;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

const scopes = new WeakMap<object, RequestScope>();

/**
 * The scope of one HTTP request, made on first use: the response cache's front (before Express) and
 * the Express step share it, so a request reads one server from its cache-version check on.
 */
export function scopeOfRequest(req: object, preferReplica: boolean): RequestScope {
  let scope = scopes.get(req);
  if (!scope) {
    scope = { preferReplica, memo: new Map(), arrivedAt: Date.now() };
    scopes.set(req, scope);
  }
  return scope;
}

/**
 * Until when a wait for the database may last: DATABASE_POOL_WAIT_MS from now, and for an HTTP request
 * never past its arrival + DATABASE_POOL_WAIT_MS — the bound is the request's, not each statement's, so
 * a request that waits in several queues still answers (or gets its 503) within it.
 */
export function requestWaitDeadline(maxWaitMs: number, now = Date.now()): number {
  const scope = requestScope.getStore();
  return Math.min(now + maxWaitMs, scope ? scope.arrivedAt + maxWaitMs : Infinity);
}
