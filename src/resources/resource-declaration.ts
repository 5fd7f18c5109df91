import type { Type } from '@nestjs/common';
import type { CollectionLayout } from './collection-layout';
import type { ResourceDocs } from '../discovery/operation-texts';
import type { ModuleCatalogs } from '../i18n/catalogs';

/** The roles WordPress creates on a fresh site (auth-and-permissions.md §1). */
export type DefaultRole = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';

/**
 * Everything the shared layers need to know about one collection, declared in the resource's own
 * folder (docs/architecture.md "Adding a resource"). Routes and arguments stay on the controllers (@RestArg).
 */
export interface ResourceDeclaration {
  /**
   * The REST namespace its controllers are mounted under (`wp-json/<namespace>/<collection>`), e.g.
   * `eca/v1`: it gets its own namespace index and is listed in the REST root index and Swagger.
   * Absent: the plugin's namespace (`tribe/events/v1`, renamed by NS_ROOT), whose /doc it joins.
   */
  namespace?: string;
  /**
   * `false`: the collection's answers are never kept by the response cache — for data written by
   * bookkeeping transactions that do not bump the data version (docs/caching.md), e.g. webhook
   * delivery state. Absent: kept like every read.
   */
  responseCache?: false;
  /** First path segment under the namespace (`venues`). */
  collection: string;
  /**
   * Place of the collection in the namespace index and /doc: TEC's registration order (events 1 …
   * tags 5). Collections without one follow, in module order.
   */
  position?: number;
  /** The WordPress post types it stores, each with its capability base (`tribe_venue` → `edit_tribe_venues`, …). */
  postTypes?: Readonly<Record<string, string>>;
  /**
   * The name the change feed and webhook kinds give its records (`series` → `series.created`), at most
   * 20 characters. Absent: the collection. Only resources with post types are followed.
   */
  recordType?: string;
  /** The capabilities each role gets on a fresh site (seeded into `{prefix}user_roles`; an existing option wins). */
  roleCapabilities?: Readonly<Partial<Record<DefaultRole, readonly string[]>>>;
  /**
   * The general capabilities a write needs, for the `Allow` header (auth-and-permissions.md §3);
   * per-record rules stay with the handlers. Absent: any authenticated caller.
   */
  writeCapabilities?: readonly string[];
  /** How /doc documents the collection (record schema, endpoint order, statuses). Absent: the generic layout. */
  layout?: CollectionLayout;
  /**
   * The response classes (`*.response.ts`, @ResponseSchema) whose components the collection documents
   * in /doc and Swagger; `layout.schema` names its record among them. A class shared by several
   * resources (Term, Image) may be listed by each.
   */
  schemas?: readonly Type[];
  /** Translations of the collection's argument descriptions, by catalog key (English is the @RestArg text). */
  catalogs?: ModuleCatalogs;
  /** How Swagger UI names and describes the collection's operations (src/discovery/operation-texts.ts). */
  docs?: ResourceDocs;
}

/** Types a declaration (kept beside the module, e.g. `venues.resource.ts`). */
export function defineResource(declaration: ResourceDeclaration): ResourceDeclaration {
  return declaration;
}
