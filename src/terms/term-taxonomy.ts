/**
 * What a term resource module declares about its taxonomy; everything else about categories and tags
 * is shared (src/terms).
 */
export interface TermTaxonomy {
  /** WordPress taxonomy name (`term_taxonomy.taxonomy`). */
  taxonomy: string;
  /** Collection path under the namespace and key of the list envelope. */
  collection: 'categories' | 'tags';
  /** Hierarchical taxonomies have `parent` (field, write argument and list filter). */
  hierarchical: boolean;
  /** Capabilities needed to create, update and delete terms (auth-and-permissions.md §3). */
  manageCapabilities: readonly string[];
}
