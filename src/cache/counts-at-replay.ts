import type { CountPlace } from '../rest/json-text';
import { entityTagOf } from './conditional-get';
import type { CachedAnswer } from './response-cache';

/**
 * A kept answer with the term counts it holds as they are now (`current`, by term_taxonomy_id): the
 * answer itself when none moved, else its bytes with the new counts put in at their places, with the
 * ETag and Content-Length of those bytes. An event's categories and tags show each term's count, which
 * moves with every event that joins or leaves the term: put in here, such a write no longer retires
 * every answer that shows an event of the term (docs/caching.md "Term counts put in at replay").
 */
export function withCurrentCounts(answer: CachedAnswer, current: ReadonlyMap<number, number>): CachedAnswer {
  const now = (place: CountPlace) => current.get(place.termTaxonomyId) ?? place.count;
  if (answer.counts.every((place) => now(place) === place.count)) return answer;
  const pieces: Buffer[] = [];
  const counts: CountPlace[] = [];
  let from = 0;
  let shift = 0;
  for (const place of answer.counts) {
    const written = Buffer.from(String(now(place)), 'latin1');
    pieces.push(answer.body.subarray(from, place.at), written);
    counts.push({ ...place, at: place.at + shift, length: written.length, count: now(place) });
    shift += written.length - place.length;
    from = place.at + place.length;
  }
  pieces.push(answer.body.subarray(from));
  const body = Buffer.concat(pieces);
  const etag = entityTagOf(body, (name) => answer.headers.find(([header]) => header.toLowerCase() === name)?.[1]);
  const headers = answer.headers.map(([name, value]): CachedAnswer['headers'][number] => {
    const lower = name.toLowerCase();
    return [name, lower === 'etag' ? etag : lower === 'content-length' ? body.length : value];
  });
  return { ...answer, body, etag, counts, headers };
}
