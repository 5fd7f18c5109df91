import { postTypeRoleCapabilities } from '../auth/default-roles';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../resources/collection-layout';
import { defineResource } from '../resources/resource-declaration';
import { ImageResponse, ImageSizeResponse } from '../rest/responses/image.response';
import { EVENTS_CATALOGS } from './events.catalogs';
import { CostDetailsResponse, DateDetailsResponse, EventResponse } from './event.response';
import { EVENT_POST_TYPE } from '../wordpress/post-types';

/** `/events` (events.md): TEC's `tribe_events` post type and its capabilities (auth-and-permissions.md §1, §3). */
export const EVENTS_RESOURCE = defineResource({
  collection: 'events',
  position: 1,
  postTypes: { [EVENT_POST_TYPE]: 'tribe_events' },
  roleCapabilities: postTypeRoleCapabilities('tribe_events'),
  writeCapabilities: ['edit_tribe_events'],
  layout: { ...GENERIC_LAYOUT, schema: 'Event', endpointOrder: POST_ENDPOINT_ORDER },
  schemas: [ImageSizeResponse, CostDetailsResponse, ImageResponse, DateDetailsResponse, EventResponse],
  catalogs: EVENTS_CATALOGS,
  docs: {
    one: 'an event',
    deletion: 'trash',
    examples: {
      create: {
        title: 'Jazz in the park',
        description: 'An evening of jazz under the trees.',
        start_date: '2031-06-20 19:00:00',
        end_date: '2031-06-20 22:00:00',
        timezone: 'Europe/Paris',
        status: 'publish',
        website: 'https://example.org/jazz-in-the-park',
        cost: '10',
        categories: ['Music'],
        tags: ['jazz'],
        venue: { venue: 'Park bandstand', city: 'Paris', country: 'France' },
        organizer: { organizer: 'Friends of jazz', email: 'jazz@example.org' },
      },
      slug: 'jazz-in-the-park',
    },
    notes: {
      list: 'Without a date filter the list starts yesterday (`start_date`) and is ordered by start date. Filters: dates (`start_date`, `end_date`, `starts_before`, …), `categories`/`tags` (IDs or slugs), `venue`, `organizer`, `featured`, `status`, `search`, `geoloc_lat`/`geoloc_lng`/`geoloc_radius`, `ticketed`.',
      create:
        '`title`, `start_date` and `end_date` are required. `venue` and `organizer` take IDs or objects that create (or reuse) the record; `categories` and `tags` take IDs, slugs or new names; `image` takes an attachment ID or an image URL (an attachment record is created for it, nothing is downloaded).',
      read: 'A password-protected event shows its content with `password`.',
    },
  },
});
