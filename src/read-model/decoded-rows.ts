import { LRUCache } from 'lru-cache';
import { decodeValue } from './value-codec';

/** Memory for the remembered row texts and their values (bytes, about: the text in UTF-16, twice). */
const MAX_BYTES = 32 * 1024 * 1024;

const decoded = new LRUCache<string, { value: unknown }>({ maxSize: MAX_BYTES, sizeCalculation: (_value, text) => 4 * text.length + 64 });

/**
 * A read model row's value, decoded once per distinct text (decodeValue). Decoding is a pure function
 * of the text, so a remembered value is never stale (as the rendered texts, src/cache/rendered-text.ts):
 * the row is still read from the database each time, and only a row whose text is the same as one
 * decoded before skips the parse — every cold read of a record nobody changed. The value is shared by
 * every reader, as the record cache shares the values it keeps: readers must not change it.
 */
export function decodedRow<T>(text: string): T {
  let hit = decoded.get(text);
  if (!hit) decoded.set(text, (hit = { value: decodeValue(text) }));
  return hit.value as T;
}
