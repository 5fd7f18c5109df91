import { SetMetadata } from '@nestjs/common';

const SHOWS = 'rest:shows';

/** What a read route's answer shows before it reads anything (docs/caching.md "What a write retires"). */
export interface ShowsMark {
  /** Cache keys every answer of the route shows (`type:tribe_events`, `taxonomy:post_tag`, …). */
  keys?: readonly string[];
  /** The route parameter holding the ID of the one post the answer shows (`post:ID`). */
  postParam?: string;
}

/**
 * Marks a read route with what its answers show, so a write retires only the answers it concerns: the
 * cache layer (src/cache/shows.interceptor.ts) reads the mark off the route and declares it before the
 * handler runs — the controller names what it shows without importing the cache. A route without
 * the mark shows everything (retired by every write).
 */
export const Shows = (mark: ShowsMark): MethodDecorator => SetMetadata(SHOWS, mark);

/** The handler's `@Shows()` mark, if any. */
export function showsMarkOf(handler: object): ShowsMark | undefined {
  return Reflect.getMetadata(SHOWS, handler) as ShowsMark | undefined;
}
