import { registerCatalogs } from '../../i18n/catalogs';
import { INTERNAL_NAMESPACE, INTERNAL_REST_ROOT } from '../http-pipeline';
import { ResourceDeclaration } from './resource-declaration';

/**
 * The declared resources. A module registers its declaration when its class is defined (@Resource),
 * so importing the module is registering it: capability checks and translations are plain functions
 * (also used by the CLI and outside any Nest container), which a provider collected at boot could not serve.
 */
const RESOURCES = new Map<string, ResourceDeclaration>();
const CAPABILITY_BASES = new Map<string, string>();

/** A namespace of one's own: lower-case segments, at least two (`vendor/v1`), never the plugin's. */
const NAMESPACE = /^[a-z0-9_-]+(\/[a-z0-9_-]+)+$/;

export function registerResource(declaration: ResourceDeclaration): void {
  if (RESOURCES.has(declaration.collection)) throw new Error(`Resource "${declaration.collection}" is declared twice`);
  const namespace = declaration.namespace;
  if (namespace !== undefined && (!NAMESPACE.test(namespace) || `/${namespace}` === INTERNAL_NAMESPACE)) {
    throw new Error(`Resource "${declaration.collection}" declares an invalid namespace "${namespace}"`);
  }
  for (const [postType, base] of Object.entries(declaration.postTypes ?? {})) {
    if (CAPABILITY_BASES.has(postType)) throw new Error(`Post type "${postType}" is declared by two resources`);
    CAPABILITY_BASES.set(postType, base);
  }
  RESOURCES.set(declaration.collection, declaration);
  if (declaration.catalogs) registerCatalogs(declaration.catalogs);
}

/** Every declared resource: by position, then those without one in registration order. */
export function declaredResources(): ResourceDeclaration[] {
  const rank = (r: ResourceDeclaration) => r.position ?? Number.MAX_SAFE_INTEGER;
  return [...RESOURCES.values()].sort((a, b) => rank(a) - rank(b)); // stable: registration order breaks ties
}

/** The namespaces resources declared besides the plugin's, in declaration order. */
export function declaredNamespaces(): string[] {
  return [...new Set([...RESOURCES.values()].flatMap((r) => (r.namespace ? [r.namespace] : [])))];
}

/** The declaration of a collection (the first path segment under the namespace). */
export function resourceOf(collection: string): ResourceDeclaration | undefined {
  return RESOURCES.get(collection);
}

/** The internal paths (`/wp-json/<namespace>/<collection>`, lower case) of collections the response cache never keeps. */
export function uncachedCollectionPaths(): string[] {
  return [...RESOURCES.values()]
    .filter((r) => r.responseCache === false)
    .map((r) => `${INTERNAL_REST_ROOT}/${r.namespace ?? INTERNAL_NAMESPACE.slice(1)}/${r.collection}`.toLowerCase());
}

/** The capability base a resource declared for a post type. */
export function declaredCapabilityBase(postType: string): string | undefined {
  return CAPABILITY_BASES.get(postType);
}
