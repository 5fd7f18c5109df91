import { LRUCache } from 'lru-cache';
import { decodeValue } from './value-codec';

/** Memory for the remembered row texts and their values (bytes, about: the text in UTF-16, twice). */
const MAX_BYTES = 32 * 1024 * 1024;

interface Decoded {
  text: string;
  value: unknown;
}

const decoded = new LRUCache<string, Decoded>({ maxSize: MAX_BYTES, sizeCalculation: (entry) => 4 * entry.text.length + 64 });

/**
 * A read model row's value, decoded once per distinct text (decodeValue). Decoding is a pure function
 * of the text, so a remembered value is never stale (as the rendered texts, src/cache/rendered-text.ts):
 * the row is still read from the database each time, and only a row whose text is the same as one
 * decoded before skips the parse — every cold read of a record nobody changed. The value is shared by
 * every reader, as the record cache shares the values it keeps: readers must not change it.
 *
 * `slot` names where the text was read (its row): the value is then remembered under it and reused
 * while the row's text is the same, so a lookup compares the text instead of hashing it (a page of 50
 * rows hashed 150 kB per request; docs/performance.md, sixteenth round). Without one (a text that
 * varies by request, such as a localized one), the text itself is the key.
 */
export function decodedRow<T>(text: string, slot?: string): T {
  const key = slot ?? text;
  let hit = decoded.get(key);
  if (!hit || hit.text !== text) decoded.set(key, (hit = { text, value: decodeValue(text) }));
  return hit.value as T;
}
