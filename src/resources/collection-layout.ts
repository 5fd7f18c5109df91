import type { ResourceDeclaration } from './resource-declaration';
import { declaredResources } from './resource-registry';

/**
 * What the plugin's documentation says about a collection beyond its arguments (index-and-doc.md
 * §1 endpoint order, §2.2 responses; Quirk Q39 COPY): facts of TEC's hand-written route registration
 * and Swagger documentation, not derivable from the handlers. A resource declares its own (`layout`);
 * without one its endpoints keep their declaration order and /doc documents it with the generic layout.
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

/** TEC registers a post's record routes GET, DELETE, then the editable methods; a term's GET, editable, DELETE. */
export const POST_ENDPOINT_ORDER: readonly EndpointKind[] = ['GET', 'DELETE', 'EDITABLE'];
export const TERM_ENDPOINT_ORDER: readonly EndpointKind[] = ['GET', 'EDITABLE', 'DELETE'];

export const GENERIC_LAYOUT: CollectionLayout = { getStatuses: [200, 400, 403, 404], postStatuses: [200, 201, 400, 403] };

/** The layout of a collection: its resource's declaration, else the generic one. */
export function layoutOf(resource: ResourceDeclaration | undefined): CollectionLayout {
  return resource?.layout ?? GENERIC_LAYOUT;
}

/** Statuses of a list `get` and of a record `delete`. */
export const LIST_STATUSES: readonly number[] = [200, 400, 404];
export const DELETE_STATUSES: readonly number[] = [200, 400, 403, 410, 500];

/** Route groups (first path segment under the namespace): the namespace and /doc, the declared collections by position, then the others. */
export function groupOrder(): string[] {
  return ['', 'doc', ...declaredResources().map((r) => r.collection)];
}

/** Quirk Q39 COPY: `/doc` documents `password` as a path parameter. */
export const DOCUMENTED_IN_PATH: ReadonlySet<string> = new Set(['password']);
