import { TermTaxonomy } from '../terms';
import { isHierarchical } from '../wordpress/terms.store';

/** Event categories: TEC's hierarchical taxonomy `tribe_events_cat` (terms.md). */
export const CATEGORIES: TermTaxonomy = {
  taxonomy: 'tribe_events_cat',
  collection: 'categories',
  hierarchical: isHierarchical('tribe_events_cat'),
  manageCapabilities: ['edit_tribe_events', 'publish_tribe_events'],
};
