import { CATEGORIES } from '../categories';
import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { ORGANIZER } from '../organizers';
import type { AppConfig } from '../config/app-config';
import type { ResourceDeclaration } from '../resources/resource-declaration';
import { collectionUrl } from '../resources/resource-urls';
import { declaredResources, resourceOfPostType } from '../resources/resource-registry';
import { TAGS } from '../tags';
import { VENUE } from '../venues';
import type { WriteAction } from '../wordpress/write-journal';

/**
 * The plugin's records, by the names its change kinds have always had (`event.created`): a contract,
 * fixed here. Every other declared resource with post types is followed too, under its `recordType`
 * (default: its collection), with no edit to this folder (docs/architecture.md "Adding a resource").
 */
export const RECORD_TYPES = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
/**
 * The plugin's record types: what delivery/record-payload.ts reads a record of. A declared resource's
 * type is carried under this type too (the change log stores any name, up to 20 characters).
 */
export type RecordType = (typeof RECORD_TYPES)[number];

/** Actions recorded in the log; `removed` is only shown (a record that left the caller's view). */
export const CHANGE_ACTIONS: readonly WriteAction[] = ['created', 'updated', 'trashed', 'deleted'];
export type ShownAction = WriteAction | 'removed';

const PLUGIN_POST_RECORDS: Readonly<Record<string, RecordType>> = { [EVENT_POST_TYPE]: 'event', [VENUE.postType]: 'venue', [ORGANIZER.postType]: 'organizer' };
const PLUGIN_TERM_RECORDS: Readonly<Record<string, RecordType>> = { [CATEGORIES.taxonomy]: 'category', [TAGS.taxonomy]: 'tag' };
/** The plugin's collection of each of its record types (`events`, `categories`, …). */
const PLUGIN_COLLECTIONS: Readonly<Record<RecordType, string>> = {
  event: 'events',
  venue: VENUE.collection,
  organizer: ORGANIZER.collection,
  category: CATEGORIES.collection,
  tag: TAGS.collection,
};

/** The record types of the declared resources outside the plugin's five, with the resource of each. */
function declaredRecordTypes(): Map<string, ResourceDeclaration> {
  const types = new Map<string, ResourceDeclaration>();
  for (const resource of declaredResources()) {
    const postTypes = Object.keys(resource.postTypes ?? {}).filter((postType) => !PLUGIN_POST_RECORDS[postType]);
    if (postTypes.length) types.set(resource.recordType ?? resource.collection, resource);
  }
  return types;
}

/** Every record type the log follows: the plugin's five, then the declared resources' (registration order). */
export function recordTypes(): string[] {
  return [...RECORD_TYPES, ...declaredRecordTypes().keys()];
}

/** The record type of a post type, when the log follows it. */
export function recordTypeOfPostType(postType: string): string | undefined {
  if (Object.hasOwn(PLUGIN_POST_RECORDS, postType)) return PLUGIN_POST_RECORDS[postType];
  const resource = resourceOfPostType(postType);
  return resource && (resource.recordType ?? resource.collection);
}

/** The record type of a taxonomy, when the log follows it (the plugin's categories and tags). */
export function recordTypeOfTaxonomy(taxonomy: string): RecordType | undefined {
  return Object.hasOwn(PLUGIN_TERM_RECORDS, taxonomy) ? PLUGIN_TERM_RECORDS[taxonomy] : undefined;
}

/** Terms are public while they exist; posts are checked against the caller (every type but the plugin's terms). */
export const isPostType = (type: string) => type !== 'category' && type !== 'tag';

/** The record's REST address, in its resource's namespace (`…/tribe/events/v1/events/5`, `…/vendor/v1/series/7`). */
export function recordUrl(type: string, id: number, publicBase: string, config: Pick<AppConfig, 'restRoot' | 'namespacePath'>): string {
  // A type logged by a resource this build no longer declares keeps the collection-like name it was logged under.
  const resource = Object.hasOwn(PLUGIN_COLLECTIONS, type)
    ? { collection: PLUGIN_COLLECTIONS[type as RecordType] }
    : (declaredRecordTypes().get(type) ?? { collection: type });
  return `${collectionUrl(publicBase, config, resource)}/${id}`;
}

/** Every webhook kind of the plugin's records: `event.created` … `tag.deleted`. */
export const CHANGE_KINDS: readonly string[] = RECORD_TYPES.flatMap((type) => CHANGE_ACTIONS.map((action) => `${type}.${action}`));

/** What a webhook may subscribe to: a kind, `<type>.*`, or `*` — of any record type the log follows. */
export function isKindPattern(value: string): boolean {
  if (value === '*') return true;
  const [type, action, extra] = value.split('.');
  return extra === undefined && recordTypes().includes(type) && (action === '*' || CHANGE_ACTIONS.includes(action as WriteAction));
}

/** Whether a change kind is one of the patterns. */
export function kindMatches(patterns: readonly string[], kind: string): boolean {
  return patterns.some((p) => p === '*' || p === kind || (p.endsWith('.*') && kind.startsWith(p.slice(0, -1))));
}
