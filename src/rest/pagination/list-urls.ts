/**
 * Navigation URLs of a list (contract lists-and-filters.md §1.2, project rule for Q31/Q32): every
 * recognised query parameter as received, in request order (repeated `a[]` keys joined with commas),
 * `page` and `per_page` always present with their effective values, values percent-encoded (RFC 3986).
 */
export function listQuery(rawQuery: string, recognised: ReadonlySet<string>, page: number, perPage: number): [string, string][] {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    const name = key.replace(/\[.*$/, '');
    if (!recognised.has(name)) continue;
    grouped.set(name, [...(grouped.get(name) ?? []), value]);
  }
  const pairs: [string, string][] = [...grouped].map(([name, values]) => [name, values.join(',')]);
  for (const [name, value] of [
    ['page', page],
    ['per_page', perPage],
  ] as const) {
    const at = pairs.findIndex(([n]) => n === name);
    if (at >= 0) pairs[at] = [name, String(value)];
    else pairs.push([name, String(value)]);
  }
  return pairs;
}

/** `page` replaced in place; `page` undefined removes it (previous of page 2). */
export function withPage(pairs: [string, string][], page: number | undefined): [string, string][] {
  return page === undefined ? pairs.filter(([n]) => n !== 'page') : pairs.map(([n, v]) => [n, n === 'page' ? String(page) : v]);
}

export function buildUrl(collectionUrl: string, pairs: [string, string][]): string {
  const query = pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
  return query ? `${collectionUrl}?${query}` : collectionUrl;
}
