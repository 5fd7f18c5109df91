import { CATEGORIES } from '../categories/categories.taxonomy';
import { EVENT_POST_TYPE } from '../events/events-read.service';
import { ORGANIZER } from '../organizers/organizer.type';
import { TAGS } from '../tags/tags.taxonomy';
import { VENUE } from '../venues/venue.type';
import type { WriteAction } from '../wordpress/write-journal';

/** The records the change log follows, by the name changes and webhook kinds give them. */
export const RECORD_TYPES = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Actions recorded in the log; `removed` is only shown (a record that left the caller's view). */
export const CHANGE_ACTIONS: readonly WriteAction[] = ['created', 'updated', 'trashed', 'deleted'];
export type ShownAction = WriteAction | 'removed';

export const TYPE_OF_POST_TYPE: Readonly<Record<string, RecordType>> = {
  [EVENT_POST_TYPE]: 'event',
  [VENUE.postType]: 'venue',
  [ORGANIZER.postType]: 'organizer',
};
export const TYPE_OF_TAXONOMY: Readonly<Record<string, RecordType>> = { [CATEGORIES.taxonomy]: 'category', [TAGS.taxonomy]: 'tag' };

/** The collection of the plugin's namespace a record is read at (`events`, `categories`, …). */
export const COLLECTION_OF: Readonly<Record<RecordType, string>> = {
  event: 'events',
  venue: VENUE.collection,
  organizer: ORGANIZER.collection,
  category: CATEGORIES.collection,
  tag: TAGS.collection,
};

export const isPostType = (type: RecordType) => type === 'event' || type === 'venue' || type === 'organizer';

/** Every webhook kind: `event.created` … `tag.deleted`. */
export const CHANGE_KINDS: readonly string[] = RECORD_TYPES.flatMap((type) => CHANGE_ACTIONS.map((action) => `${type}.${action}`));

/** What a webhook may subscribe to: a kind, `<type>.*`, or `*`. */
export function isKindPattern(value: string): boolean {
  return value === '*' || CHANGE_KINDS.includes(value) || RECORD_TYPES.some((type) => value === `${type}.*`);
}

/** Whether a change kind is one of the patterns. */
export function kindMatches(patterns: readonly string[], kind: string): boolean {
  return patterns.some((p) => p === '*' || p === kind || (p.endsWith('.*') && kind.startsWith(p.slice(0, -1))));
}
