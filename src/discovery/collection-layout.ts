/**
 * What the plugin's documentation says about each collection beyond its arguments (index-and-doc.md
 * §1 endpoint order, §2.2 responses; Quirk Q39 COPY): facts of TEC's hand-written route registration
 * and Swagger documentation, not derivable from the handlers. A new collection needs no entry: its
 * endpoints keep their declaration order and /doc documents it with the generic layout.
 */
export type EndpointKind = 'GET' | 'DELETE' | 'EDITABLE';

export interface CollectionLayout {
  /** `components.schemas` entry of one record. */
  schema?: string;
  /** Endpoint order of the record routes (TEC registers posts and terms differently). */
  endpointOrder?: readonly EndpointKind[];
  /** Statuses documented for `get` of a record. */
  getStatuses: readonly number[];
  /** Statuses documented for `post` (update or create) of a record. */
  postStatuses: readonly number[];
  /** The `post` request body also lists the read arguments (`id`, `slug`) — organizers and categories. */
  bodyWithReadArgs?: boolean;
}

const POSTS_ORDER: readonly EndpointKind[] = ['GET', 'DELETE', 'EDITABLE'];
const TERMS_ORDER: readonly EndpointKind[] = ['GET', 'EDITABLE', 'DELETE'];

export const GENERIC_LAYOUT: CollectionLayout = { getStatuses: [200, 400, 403, 404], postStatuses: [200, 201, 400, 403] };

export const COLLECTION_LAYOUTS: Readonly<Record<string, CollectionLayout>> = {
  events: { ...GENERIC_LAYOUT, schema: 'Event', endpointOrder: POSTS_ORDER },
  venues: { ...GENERIC_LAYOUT, schema: 'Venue', endpointOrder: POSTS_ORDER },
  organizers: { ...GENERIC_LAYOUT, schema: 'Organizer', endpointOrder: POSTS_ORDER, postStatuses: [201, 400, 403], bodyWithReadArgs: true },
  categories: { schema: 'Term', endpointOrder: TERMS_ORDER, getStatuses: [200, 400, 404], postStatuses: [200, 201, 400, 403], bodyWithReadArgs: true },
  tags: { schema: 'Term', endpointOrder: TERMS_ORDER, getStatuses: [200, 400, 404], postStatuses: [200, 201, 400, 403] },
};

/** Statuses of a list `get` and of a record `delete`. */
export const LIST_STATUSES: readonly number[] = [200, 400, 404];
export const DELETE_STATUSES: readonly number[] = [200, 400, 403, 410, 500];

/** Route groups (first path segment under the namespace) in the plugin's registration order; others follow. */
export const GROUP_ORDER: readonly string[] = ['', 'doc', 'events', 'venues', 'organizers', 'categories', 'tags'];

/** Quirk Q39 COPY: `/doc` documents `password` as a path parameter. */
export const DOCUMENTED_IN_PATH: ReadonlySet<string> = new Set(['password']);

/**
 * The general capabilities a write endpoint of each collection needs (auth-and-permissions.md §3), for
 * the `Allow` header: per-record rules are left to the handlers, so an author may see a method listed
 * that a particular record then refuses. Reads are public. Unknown collections: any authenticated caller.
 */
export const WRITE_CAPABILITIES: Readonly<Record<string, readonly string[]>> = {
  events: ['edit_tribe_events'],
  venues: ['edit_tribe_venues'],
  organizers: ['edit_tribe_organizers'],
  categories: ['edit_tribe_events', 'publish_tribe_events'],
  tags: ['edit_tribe_events', 'manage_categories'],
};
