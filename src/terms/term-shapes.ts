import type { TermRow } from '../wordpress/terms.store';
import { TermLinks } from './term-links';
import { TermTaxonomy } from './term-taxonomy';
import { TermResponse } from './term.response';

/**
 * The term object of `/categories` and `/tags` (terms.md §1, key order as TEC sends it); `parent` only
 * for hierarchical taxonomies, `meta` always `[]`. `ancestorSlugs`: root first, for the category URL.
 */
export function endpointTerm(term: TermRow, taxonomy: TermTaxonomy, links: TermLinks, ancestorSlugs: string[] = []): TermResponse {
  return {
    id: term.term_id,
    count: term.count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    ...(taxonomy.hierarchical ? { parent: term.parent } : {}),
    meta: [],
    url: links.archiveUrl(term, ancestorSlugs),
    urls: links.urls(term, taxonomy),
  };
}

/** TermResponse as a plain object type (usable where any JSON object is). */
export type EndpointTerm = { [K in keyof TermResponse]: TermResponse[K] };

/**
 * The term object embedded in events' `categories` / `tags` (events.md §1.2, Quirk Q4): WordPress' raw
 * WP_Term fields plus `id` and `urls`, no `url`/`meta`.
 */
export function embeddedTerm(term: TermRow, taxonomy: TermTaxonomy, links: TermLinks) {
  return {
    name: term.name,
    slug: term.slug,
    term_group: term.term_group,
    term_taxonomy_id: term.term_taxonomy_id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count: term.count,
    filter: 'raw',
    id: term.term_id,
    urls: links.urls(term, taxonomy),
  };
}

export type EmbeddedTerm = ReturnType<typeof embeddedTerm>;

/** Slugs of a term's ancestors, root first (for `get_term_link` of hierarchical taxonomies). */
export function ancestorSlugs(term: Pick<TermRow, 'parent'>, byId: ReadonlyMap<number, Pick<TermRow, 'slug' | 'parent'>>): string[] {
  const slugs: string[] = [];
  const seen = new Set<number>();
  for (let id = term.parent; id && !seen.has(id);) {
    seen.add(id);
    const ancestor = byId.get(id);
    if (!ancestor) break;
    slugs.unshift(ancestor.slug);
    id = ancestor.parent;
  }
  return slugs;
}
