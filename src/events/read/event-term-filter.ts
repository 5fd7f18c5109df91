import { Injectable } from '@nestjs/common';
import { sanitizeTitle } from '../../wordpress/slugs';
import { TermRow, TermsStore } from '../../wordpress/terms.store';

/**
 * The `categories` / `tags` list filters (lists-and-filters.md §2.5): items are term IDs, slugs, or
 * names that slug-sanitise to an existing slug. A category also matches its descendants (WP core
 * `include_children`, Q51 COPY).
 */
@Injectable()
export class EventTermFilter {
  constructor(private readonly terms: TermsStore) {}

  /** The term_taxonomy_ids to match, or the first item that names no term of the taxonomy (as a string). */
  async resolve(taxonomy: string, items: (string | number)[]): Promise<number[] | string> {
    const all = await this.terms.all(taxonomy);
    const byId = new Map(all.map((t) => [t.term_id, t]));
    const bySlug = new Map(all.map((t) => [t.slug, t]));
    const picked: TermRow[] = [];
    for (const item of items) {
      const text = String(item).trim();
      const term = /^\d+$/.test(text) ? byId.get(Number(text)) : (bySlug.get(text) ?? bySlug.get(sanitizeTitle(text)));
      if (!term) return text;
      picked.push(term);
    }
    return [...new Set(withDescendants(picked, all).map((t) => t.term_taxonomy_id))];
  }
}

/** The terms and every descendant of them (hierarchy loops are ignored). */
export function withDescendants(terms: readonly TermRow[], all: readonly TermRow[]): TermRow[] {
  const children = new Map<number, TermRow[]>();
  for (const t of all) if (t.parent) children.set(t.parent, [...(children.get(t.parent) ?? []), t]);
  const result = new Map<number, TermRow>();
  const stack = [...terms];
  while (stack.length) {
    const term = stack.pop()!;
    if (result.has(term.term_id)) continue;
    result.set(term.term_id, term);
    stack.push(...(children.get(term.term_id) ?? []));
  }
  return [...result.values()];
}
