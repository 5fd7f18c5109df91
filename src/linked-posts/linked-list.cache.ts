import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { collectDependencies } from '../cache/dependencies';
import { CacheKey } from '../wordpress/cache-keys';
import { LinkedPostType } from './linked-post-type';
import { LinkedListArgs } from './list-args';
import { isTruthy } from './truthy';

/**
 * Declares which records a linked-post list holds (docs/caching.md "What a write retires"): any record
 * of the type written, and with a filter on events (`event`, `has_events`, `only_with_upcoming`) any
 * event written too (its `listed` key: an event write that declares which lists it changes names that instead of its type). Called by the list handlers of venues and organizers.
 */
export function collectLinkedListDependencies(type: LinkedPostType, args: LinkedListArgs): void {
  const onEvents = args.event !== undefined || args.has_events !== undefined || isTruthy(args.only_with_upcoming);
  collectDependencies(
    CacheKey.type(type.postType),
    ...(onEvents ? [CacheKey.type(EVENT_POST_TYPE), CacheKey.listed(EVENT_POST_TYPE), CacheKey.listedDates(EVENT_POST_TYPE)] : []),
  );
}

/** The 404 of a list page beyond the last (`venue-archive-page-not-found`, …). */
export function linkedPageNotFound(type: LinkedPostType): { code: string; message: string } {
  return { code: type.codes.pageNotFound, message: `The requested ${type.nameField} archive page does not exist.` };
}
