import { registerCatalogs } from '../i18n/catalogs';
import { INTERNAL_NAMESPACE, INTERNAL_REST_ROOT } from '../rest/http-pipeline';
import { ResourceDeclaration } from './resource-declaration';

/**
 * The declared resources. A module registers its declaration when its class is defined (@Resource),
 * so importing the module is registering it: capability checks and translations are plain functions
 * (also used by the CLI and outside any Nest container), which a provider collected at boot could not serve.
 */
const RESOURCES = new Map<string, ResourceDeclaration>();
/** Collections are named per namespace: `series` may exist in `vendor/v1` and `other/v1`. */
const keyOf = (collection: string, namespace?: string) => `${namespace ?? ''}|${collection}`;
const CAPABILITY_BASES = new Map<string, string>();

/** A namespace of one's own: lower-case segments, at least two (`vendor/v1`), never the plugin's. */
const NAMESPACE = /^[a-z0-9_-]+(\/[a-z0-9_-]+)+$/;
/** The change log stores a record type in 20 characters; a kind is `<type>.<action>`. */
const RECORD_TYPE = /^[a-z0-9_-]{1,20}$/;

export function registerResource(declaration: ResourceDeclaration): void {
  const namespace = declaration.namespace;
  const key = keyOf(declaration.collection, namespace);
  if (RESOURCES.has(key)) throw new Error(`Resource "${declaration.collection}" is declared twice in ${namespace ?? 'the plugin’s namespace'}`);
  if (namespace !== undefined && (!NAMESPACE.test(namespace) || `/${namespace}` === INTERNAL_NAMESPACE)) {
    throw new Error(`Resource "${declaration.collection}" declares an invalid namespace "${namespace}"`);
  }
  if (declaration.postTypes && !RECORD_TYPE.test(declaration.recordType ?? declaration.collection)) {
    throw new Error(`Resource "${declaration.collection}" needs a recordType of at most 20 lower-case letters, digits, "_" or "-"`);
  }
  for (const [postType, base] of Object.entries(declaration.postTypes ?? {})) {
    if (CAPABILITY_BASES.has(postType)) throw new Error(`Post type "${postType}" is declared by two resources`);
    CAPABILITY_BASES.set(postType, base);
  }
  RESOURCES.set(key, declaration);
  if (declaration.catalogs) registerCatalogs(declaration.catalogs);
}

/** The service's own namespace (the change feed, webhooks, imports): listed right after the plugin's. */
export const SERVICE_NAMESPACE = 'eca/v1';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The plugin's namespace (undefined), then the service's own, then the others alphabetically. */
const byNamespace = (a: string | undefined, b: string | undefined) => {
  const rank = (ns: string | undefined) => (ns === undefined ? 0 : ns === SERVICE_NAMESPACE ? 1 : 2);
  return rank(a) - rank(b) || byText(a ?? '', b ?? '');
};

/**
 * Every declared resource: the plugin's by their declared position, then the others by namespace and
 * collection. Never by registration order, so where a module is mounted changes no answer (issue #33).
 */
export function declaredResources(): ResourceDeclaration[] {
  const rank = (r: ResourceDeclaration) => r.position ?? Number.MAX_SAFE_INTEGER;
  return [...RESOURCES.values()].sort((a, b) => rank(a) - rank(b) || byNamespace(a.namespace, b.namespace) || byText(a.collection, b.collection));
}

/** The namespaces resources declared besides the plugin's: the service's own first, then the others alphabetically. */
export function declaredNamespaces(): string[] {
  return [...new Set(declaredResources().flatMap((r) => (r.namespace ? [r.namespace] : [])))].sort(byNamespace);
}

/**
 * The declaration of a collection (the first path segment under the namespace); `namespace` as
 * declared (`vendor/v1`), undefined for the plugin's.
 */
export function resourceOf(collection: string, namespace?: string): ResourceDeclaration | undefined {
  return RESOURCES.get(keyOf(collection, namespace));
}

/** The declared resource whose post types include `postType`. */
export function resourceOfPostType(postType: string): ResourceDeclaration | undefined {
  return [...RESOURCES.values()].find((r) => r.postTypes && Object.hasOwn(r.postTypes, postType));
}

/** `<namespace>/<collection>` as mounted under the internal REST root (`tribe/events/v1/events`, `vendor/v1/series`). */
export function collectionPath(resource: ResourceDeclaration): string {
  return `${resource.namespace ?? INTERNAL_NAMESPACE.slice(1)}/${resource.collection}`;
}

/** The internal paths (`/wp-json/<namespace>/<collection>`, lower case) of collections the response cache never keeps. */
export function uncachedCollectionPaths(): string[] {
  return [...RESOURCES.values()].filter((r) => r.responseCache === false).map((r) => `${INTERNAL_REST_ROOT}/${collectionPath(r)}`.toLowerCase());
}

/** The capability base a resource declared for a post type. */
export function declaredCapabilityBase(postType: string): string | undefined {
  return CAPABILITY_BASES.get(postType);
}
