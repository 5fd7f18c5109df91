import { postTypeRoleCapabilities } from '../auth/default-roles';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../resources/collection-layout';
import { defineResource } from '../resources/resource-declaration';
import { ImageResponse } from '../rest/responses/image.response';
import { OrganizerResponse } from './organizer.response';
import { ORGANIZER } from './organizer.type';
import { ORGANIZERS_CATALOGS } from './organizers.catalogs';

/** `/organizers` (venues-organizers.md): TEC's `tribe_organizer` post type and its capabilities (auth-and-permissions.md §1, §3). */
export const ORGANIZERS_RESOURCE = defineResource({
  collection: ORGANIZER.collection,
  position: 3,
  postTypes: { [ORGANIZER.postType]: ORGANIZER.capabilityBase },
  roleCapabilities: postTypeRoleCapabilities(ORGANIZER.capabilityBase),
  writeCapabilities: [`edit_${ORGANIZER.capabilityBase}`],
  // TEC documents only 201 for `post` and lists the read arguments in its body (index-and-doc.md §2.2).
  layout: { ...GENERIC_LAYOUT, schema: 'Organizer', endpointOrder: POST_ENDPOINT_ORDER, postStatuses: [201, 400, 403], bodyWithReadArgs: true },
  schemas: [ImageResponse, OrganizerResponse],
  catalogs: ORGANIZERS_CATALOGS,
  docs: {
    one: 'an organizer',
    deletion: 'trash',
    examples: {
      create: { organizer: 'Springfield arts council', email: 'arts@example.org', phone: '+1 555 0100', website: 'https://example.org/arts' },
      slug: 'springfield-arts-council',
    },
    notes: {
      create:
        '`organizer` (its name) is required; an organizer of the same name the caller may edit is reused. `image` takes an attachment ID or an image URL.',
      delete: 'Its links from events are removed.',
    },
  },
});
