import { TERM_ENDPOINT_ORDER } from '../resources/collection-layout';
import { defineResource } from '../resources/resource-declaration';
import { CATEGORIES_CATALOGS } from './categories.catalogs';
import { TermResponse } from '../terms';
import { CATEGORIES } from './categories.taxonomy';

/** `/categories` (terms.md): written with the event capabilities, no post type of its own. */
export const CATEGORIES_RESOURCE = defineResource({
  collection: CATEGORIES.collection,
  position: 4,
  writeCapabilities: CATEGORIES.manageCapabilities,
  layout: { schema: 'Term', endpointOrder: TERM_ENDPOINT_ORDER, getStatuses: [200, 400, 404], postStatuses: [200, 201, 400, 403], bodyWithReadArgs: true },
  schemas: [TermResponse],
  catalogs: CATEGORIES_CATALOGS,
  docs: {
    one: 'an event category',
    deletion: 'delete',
    readers: 'Terms are public: anyone may read them.',
    examples: { create: { name: 'Workshops', description: 'Hands-on sessions' } },
    notes: {
      create: '`name` is required; `parent` nests it under another category.',
      delete: 'Its child categories move up to its parent; its events lose it.',
    },
  },
});
