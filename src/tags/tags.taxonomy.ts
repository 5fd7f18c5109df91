import { TermTaxonomy } from '../terms';
import { isHierarchical } from '../wordpress/terms.store';

/** Tags: WordPress' flat `post_tag` taxonomy, shared with ordinary posts (terms.md). */
export const TAGS: TermTaxonomy = {
  taxonomy: 'post_tag',
  collection: 'tags',
  hierarchical: isHierarchical('post_tag'),
  manageCapabilities: ['edit_tribe_events', 'manage_categories'],
};
