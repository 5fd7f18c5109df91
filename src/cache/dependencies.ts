import { requestScope } from '../database/request-scope';
import type { Dependencies } from './freshness';

/**
 * What a cached answer shows, collected while its route runs (docs/caching.md "What a write retires").
 * A route that knows everything it reads declares so with `collectDependencies` before it reads
 * anything; every shared value it then uses adds what it shows (`dependOn`), and the answer is kept
 * under those keys only. Any other route's answer depends on everything — as does a route that uses a
 * value which cannot say what it shows (`dependOnEverything`).
 */
export function collectDependencies(...keys: string[]): void {
  const scope = requestScope.getStore();
  if (scope) scope.dependencies = new Set(keys);
}

export function dependOn(keys: Iterable<string>): void {
  const collected = requestScope.getStore()?.dependencies;
  if (collected) for (const key of keys) collected.add(key);
}

export function dependOnEverything(): void {
  const scope = requestScope.getStore();
  if (scope) scope.dependencies = undefined;
}

/** What the current request's answer shows so far (a copy: the request goes on collecting). */
export function collectedDependencies(): Dependencies {
  const collected = requestScope.getStore()?.dependencies;
  return collected && new Set(collected);
}
