import { CacheKey } from '../wordpress/cache-keys';
import { EVENT_POST_TYPE } from '../wordpress/post-types';

/**
 * Which searches a change of an event's texts can change (docs/caching.md "What a write retires"): a
 * search term matches a text it is a substring of (`LIKE '%term%'`, case-insensitive), so a change of
 * a text changes a term's match only if the term is in the old or the new text — and then so is each
 * of its three-letter runs (trigrams). A write names the buckets of every trigram of the texts it
 * changed (`CacheKey.textGram`); a search declares, for each term, the bucket of one trigram of it. A
 * bucket too many only retires a search that was still right.
 * Only printable ASCII (with tabs and line breaks) is read this way: a collation may equate other
 * characters with ASCII ones (`é` with `e`) or ignore them (control characters). A text holding any
 * other names every search (`CacheKey.text`); a term shorter than three letters or holding any other
 * declares the key every such write names (`any`).
 */

/** Buckets the trigrams fall in: a write names at most this many keys (plus `any`). */
const BUCKETS = 256;
/** Printable ASCII: what a term may hold to declare a bucket. */
const PRINTABLE = /^[\x20-\x7e]*$/;
/** Printable ASCII with tabs and line breaks: what a text may hold to name buckets. */
const PLAIN = /^[\t\n\r\x20-\x7e]*$/;
const BREAKS = /[\t\n\r]/g;

function bucketOf(text: string, at: number): number {
  return (text.charCodeAt(at) * 961 + text.charCodeAt(at + 1) * 31 + text.charCodeAt(at + 2)) % BUCKETS;
}

/**
 * The keys a change of these texts (each changed field's value before and after) names; undefined when
 * one is not plain: the write then names every search.
 */
export function changedTextKeys(texts: readonly string[]): string[] | undefined {
  if (!texts.every((text) => PLAIN.test(text))) return undefined;
  const buckets = new Set<number>();
  // With and without the breaks: whether a collation weighs them or ignores them, a term that matches has its trigrams here.
  for (const text of texts.flatMap((value) => [value.toLowerCase(), value.toLowerCase().replace(BREAKS, '')])) {
    for (let at = 0; at + 3 <= text.length && buckets.size < BUCKETS; at++) buckets.add(bucketOf(text, at));
  }
  return [CacheKey.textGram(EVENT_POST_TYPE, 'any'), ...[...buckets].map((bucket) => CacheKey.textGram(EVENT_POST_TYPE, bucket))];
}

/** The key a search term declares: the bucket of its first trigram, or `any`. */
export function searchTermKey(term: string): string {
  if (term.length < 3 || !PRINTABLE.test(term)) return CacheKey.textGram(EVENT_POST_TYPE, 'any');
  return CacheKey.textGram(EVENT_POST_TYPE, bucketOf(term.toLowerCase(), 0));
}
