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
  /**
   * Set by the response cache on an anonymous miss: the data version this request read before any of
   * its data, and (SQLite) the committed-read mark taken before it. Values shared across requests
   * (ListTotals) are valid under it.
   */
  dataVersion?: { version: number; mark: number };
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
    scope = { preferReplica, memo: new Map() };
    scopes.set(req, scope);
  }
  return scope;
}
