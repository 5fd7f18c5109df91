import type { PostsStore } from '../wordpress/posts.store';
import { EVERYTHING, isTextOnlyWrite, journaledSeries, journaledTouches, journaledWrites, listedWriteKeys } from '../wordpress/write-journal';
import { CacheKey } from '../wordpress/cache-keys';

/** Keys one journal row names at most; a write touching more retires everything. */
const MAX_KEYS = 2_000;

/**
 * The cache keys the current write transaction touched (Freshness's vocabulary), from what its stores
 * noted: each post written (`post:ID`) and its type's lists (`type:post_type`; `text:post_type` for an
 * update declared text only: noteTextOnlyWrite; the `listed…` keys a write declared instead:
 * noteListedWrite, events/repository/event-listings.ts), each term written (its
 * whole taxonomy: `taxonomy:name`, which term URLs and lists show), each count moved (`tt:ID`,
 * `counts:taxonomy`), each occurrence of a series. `[*]` when it cannot say: nothing noted, a post whose
 * type it does not know, a site option or user written, more than MAX_KEYS keys.
 */
export function writtenKeys(posts: PostsStore): string[] {
  const keys = new Set<string>(journaledTouches());
  const types = new Map<number, string>();
  for (const note of journaledWrites()) {
    if (note.kind === 'term') {
      keys.add(CacheKey.taxonomy(note.taxonomy));
      continue;
    }
    const type = note.postType ?? posts.statusChange(note.id)?.type;
    if (!type) return [EVERYTHING];
    types.set(note.id, type);
    keys.add(CacheKey.post(note.id));
    // An update declared text only leaves which posts lists hold, and their order, as they were.
    if (note.action === 'updated' && isTextOnlyWrite(note.id)) keys.add(CacheKey.text(type));
    else for (const key of listedKeys(note, type)) keys.add(key);
  }
  // A series' occurrences are of its first event's type; the lists a series write declared, else all.
  for (const [firstId, touch] of journaledSeries()) {
    const type = types.get(firstId) ?? posts.statusChange(firstId)?.type;
    if (!type) return [EVERYTHING];
    keys.add(CacheKey.post(firstId));
    for (const key of listedKeys({ id: firstId }, type)) keys.add(key);
    for (const id of Object.values(touch).flat()) keys.add(CacheKey.post(id));
  }
  if (!keys.size || keys.has(EVERYTHING) || keys.size > MAX_KEYS) return [EVERYTHING];
  return [...keys];
}

/** The list keys of a post written: `type`, or the narrower keys its write declared (EventListings). */
function listedKeys(note: { id: number }, type: string): string[] {
  const listed = listedWriteKeys(note.id);
  return listed ? [...listed] : [CacheKey.type(type)];
}
