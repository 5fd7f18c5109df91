/**
 * Venue/organizer list search (lists-and-filters.md §3.2, tribe-common `Duplicate/Strategy/Like`): the
 * string is cut at every character that is not a letter, digit or `-`; a record matches when one of
 * its fields contains every fragment.
 */
export function searchFragments(search: string): string[] {
  return search.split(/[^\p{L}\p{N}-]+/u).filter((f) => f !== '');
}

/**
 * Case- and accent-insensitive form, close to MySQL's `utf8mb4_unicode_520_ci` comparisons, so both
 * engines match the same records.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function matchesSearch(fields: readonly string[], fragments: readonly string[]): boolean {
  if (!fragments.length) return true;
  const folded = fragments.map(foldForSearch);
  return fields.some((field) => {
    const value = foldForSearch(field);
    return folded.every((fragment) => value.includes(fragment));
  });
}
