import { ImageObject } from '../wordpress/attachments';
import { GLOBAL_ID_LINEAGE, PostLinks } from '../wordpress/permalinks';
import { PostMeta, PostRow } from '../wordpress/posts.store';
import { renderedDescription, renderedExcerpt, renderedTitle } from '../cache/rendered-text';
import { jsonLdHead } from './json-ld';
import { first, LinkedPostType } from './linked-post-type';
import { blankProtected } from '../wordpress/password-blanking';
import { postAuthorStatusDates } from '../rest/responses/post-fields';
import { safeJsonLdLinks } from '../wordpress/safe-url';

/** A venue or organizer as read from the tables. */
export interface LinkedRecord {
  post: PostRow;
  meta: PostMeta;
  /** The image object, or false when the record has no (valid) featured image. */
  image: ImageObject | false;
  /** The existing image attachments its description's `[gallery]` shortcodes name (PostsStore.galleryImages). */
  galleryImages: ReadonlySet<number>;
}

export interface RepresentOptions {
  links: PostLinks;
  /** Add `json_ld` (single reads, and records embedded in a single event read). */
  jsonLd: boolean;
  /** The caller may see password-protected fields (right `password`, or `context=edit` with edit rights). */
  unlocked: boolean;
  /** The caller may read the record (`read_post`): a private record's `url` is its pretty link only then. */
  readable: boolean;
}

/** PHP `array_filter` without callback: drops "", "0", 0, false, null and empty arrays. */
export function isPhpEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return value === '' || value === '0' || value === 0 || value === false || value === null || value === undefined;
}

function dropEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => !isPhpEmpty(v)));
}

/**
 * Representations already built from a record object, by options: a record shared by the requests of
 * a data version (LinkedPostLoader) is rendered once per kind of caller. They are never modified
 * (password blanking and embedding build new objects).
 */
const built = new WeakMap<LinkedRecord, Map<string, Record<string, unknown>>>();

/**
 * The venue / organizer object of venues-organizers.md §1–2: keys in contract order, empty values
 * dropped (Q3), then `json_ld` when asked for, the type's always-present keys and the global IDs;
 * password-protected records the caller may not see are blanked and get no `json_ld` (Q26).
 */
export function represent(type: LinkedPostType, record: LinkedRecord, options: RepresentOptions): Record<string, unknown> {
  const { links } = options;
  const key = `${type.postType}|${options.jsonLd}|${options.unlocked}|${links.permalink(record.post, options.readable)}|${links.globalId(record.post.ID)}`;
  let byOptions = built.get(record);
  if (!byOptions) built.set(record, (byOptions = new Map()));
  let data = byOptions.get(key);
  if (!data) byOptions.set(key, (data = build(type, record, options)));
  return data;
}

function build(type: LinkedPostType, record: LinkedRecord, options: RepresentOptions): Record<string, unknown> {
  const { post, meta, image } = record;
  const { links } = options;
  const data = dropEmpty({
    id: post.ID,
    ...postAuthorStatusDates(post),
    url: links.permalink(post, options.readable),
    [type.nameField]: renderedTitle(post.post_title),
    description: renderedDescription(post.post_content, record.galleryImages),
    excerpt: renderedExcerpt(post.post_excerpt),
    slug: post.post_name,
    image,
    ...Object.fromEntries(type.textFields.map(({ field, key }) => [field, first(meta, key) ?? ''])),
    ...type.optionalKeys(meta),
  });
  const locked = post.post_password !== '' && !options.unlocked;
  if (options.jsonLd && !locked) data.json_ld = jsonLd(type, record);
  Object.assign(data, type.fixedKeys(meta));
  data.global_id = links.globalId(post.ID);
  data.global_id_lineage = links.globalIdLineage(post.ID, meta.get(GLOBAL_ID_LINEAGE) ?? []);
  return locked ? blankProtected(data) : data;
}

/**
 * The record's own JSON-LD object (TEC `JSON_LD/Venue.php`, `JSON_LD/Organizer.php`), without `@context`;
 * a stored non-http(s) website or image is left out of its links, as TEC's `esc_url` does.
 */
export function jsonLd(type: LinkedPostType, record: LinkedRecord): Record<string, unknown> {
  const imageUrl = record.image ? String(record.image.url ?? '') : undefined;
  return safeJsonLdLinks({
    ...jsonLdHead(type.jsonLdType, record.post, imageUrl),
    url: type.jsonLdUrl(record.meta),
    ...type.jsonLd(record.meta),
  });
}
