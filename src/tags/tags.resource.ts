import { TERM_ENDPOINT_ORDER } from '../resources/collection-layout';
import { defineResource } from '../resources/resource-declaration';
import { TermResponse } from '../terms';
import { TAGS } from './tags.taxonomy';

/** `/tags` (terms.md): written with the event capabilities, no post type of its own; its texts are the shared term ones. */
export const TAGS_RESOURCE = defineResource({
  collection: TAGS.collection,
  position: 5,
  writeCapabilities: TAGS.manageCapabilities,
  layout: { schema: 'Term', endpointOrder: TERM_ENDPOINT_ORDER, getStatuses: [200, 400, 404], postStatuses: [200, 201, 400, 403] },
  schemas: [TermResponse],
  docs: {
    one: 'a tag',
    deletion: 'delete',
    readers: 'Terms are public: anyone may read them.',
    examples: { create: { name: 'Outdoor', description: 'Events in the open air' } },
    notes: { create: '`name` is required.', delete: 'Its events lose it.' },
  },
});
