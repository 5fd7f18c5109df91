import { postTypeRoleCapabilities } from '../auth/default-roles';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../resources/collection-layout';
import { defineResource } from '../resources/resource-declaration';
import { VENUE } from './venue.type';
import { ImageResponse } from '../rest/responses/image.response';
import { VenueResponse } from './venue.response';
import { VENUES_CATALOGS } from './venues.catalogs';

/** `/venues` (venues-organizers.md): TEC's `tribe_venue` post type and its capabilities (auth-and-permissions.md §1, §3). */
export const VENUES_RESOURCE = defineResource({
  collection: VENUE.collection,
  position: 2,
  postTypes: { [VENUE.postType]: VENUE.capabilityBase },
  roleCapabilities: postTypeRoleCapabilities(VENUE.capabilityBase),
  writeCapabilities: [`edit_${VENUE.capabilityBase}`],
  layout: { ...GENERIC_LAYOUT, schema: 'Venue', endpointOrder: POST_ENDPOINT_ORDER },
  schemas: [ImageResponse, VenueResponse],
  catalogs: VENUES_CATALOGS,
  docs: {
    one: 'a venue',
    deletion: 'trash',
    examples: {
      create: {
        venue: 'City hall',
        address: '1 Main Street',
        city: 'Springfield',
        zip: '12345',
        country: 'United States',
        website: 'https://example.org/city-hall',
      },
      slug: 'city-hall',
    },
    notes: {
      create:
        '`venue` (its name) is required; a venue of the same name the caller may edit is reused. `geo_lat`/`geo_lng` set coordinates for the geolocation filter; `image` takes an attachment ID or an image URL.',
      delete: 'Its links from events are removed.',
    },
  },
});
