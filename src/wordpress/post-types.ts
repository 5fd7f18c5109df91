/**
 * The Events Calendar's event post type, named once: the stores, cache keys and permalinks below the
 * events resource need it as much as the resource does (its venues and organizers have their types in
 * their own declarations, src/venues/venue.type.ts and src/organizers/organizer.type.ts).
 */
export const EVENT_POST_TYPE = 'tribe_events';
