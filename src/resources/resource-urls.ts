import type { AppConfig } from '../config/app-config';
import { INTERNAL_NAMESPACE, INTERNAL_REST_ROOT } from '../rest/http-pipeline';
import type { ResourceDeclaration } from './resource-declaration';
import { declaredNamespaces, resourceOf } from './resource-registry';

/**
 * `{PUBLIC_BASE}{REST_ROOT}/<namespace>/<collection>`: the public address of a resource's collection,
 * in its own namespace — a declared one as declared, the plugin's as NS_ROOT names it. Every URL a
 * resource generates (records' `rest_url`, list navigation, `Link`) starts with it.
 */
export function collectionUrl(publicBase: string, config: Pick<AppConfig, 'restRoot' | 'namespacePath'>, resource: ResourceDeclaration): string {
  const namespace = resource.namespace === undefined ? config.namespacePath : `/${resource.namespace}`;
  return `${publicBase}${config.restRoot}${namespace}/${resource.collection}`;
}

/** The declared resource a controller path (`wp-json/<namespace>/<collection>…`, as @Controller names it) serves. */
export function resourceOfMount(controllerPath: string): ResourceDeclaration | undefined {
  const path = `/${controllerPath.replace(/^\/+|\/+$/g, '')}/`.toLowerCase();
  const namespace = declaredNamespaces().find((ns) => path.startsWith(`${INTERNAL_REST_ROOT}/${ns}/`));
  const mount = `${INTERNAL_REST_ROOT}${namespace === undefined ? INTERNAL_NAMESPACE : `/${namespace}`}/`;
  return path.startsWith(mount) ? resourceOf(path.slice(mount.length).split('/')[0], namespace) : undefined;
}
