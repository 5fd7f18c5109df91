/** Plain-text sanitising of stored meta strings (storage.md §3, TEC `tec_sanitize_string`). */
import { decodeEntities } from './html-entities';
import { stripAllTags } from './json-ld-text';

/** HTML tags stripped (script/style with their content), entities decoded. */
export function sanitizeMetaString(value: string): string {
  return decodeEntities(stripAllTags(value));
}
