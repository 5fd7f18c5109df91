import type { OpenAPIObject } from '@nestjs/swagger';
import { declaredResources } from '../resources/resource-registry';
import { Route, RouteHandler } from './route-table';

type TaggedOperation = { tags?: string[] };

/**
 * The order of Swagger UI's groups (the document's `tags`): the resources' in the order of the
 * namespace index (TEC's: events, venues, organizers, categories, tags; then the others by namespace
 * and collection), the discovery routes last — not the order the controllers happen to be registered in.
 */
export function withTagOrder(document: OpenAPIObject, handlers: RouteHandler[]): OpenAPIObject {
  const resources = declaredResources();
  const rank = new Map<string, number>();
  for (const handler of handlers) {
    const operation = (document.paths[handler.route.swaggerPath] as Record<string, TaggedOperation> | undefined)?.[handler.httpMethod.toLowerCase()];
    const resource = handler.route.resource;
    const place = resource ? resources.indexOf(resource) : resources.length;
    for (const tag of operation?.tags ?? []) rank.set(tag, Math.min(rank.get(tag) ?? Infinity, place));
  }
  const order = [...rank.keys()].sort((a, b) => rank.get(a)! - rank.get(b)!); // stable: first seen breaks ties
  return { ...document, tags: order.map((name) => ({ name })) };
}

/** The paths in the route table's order (that of the indexes), whatever order the modules were mounted in; others after. */
export function withPathOrder(document: OpenAPIObject, routes: Route[]): OpenAPIObject {
  const known = routes.map((route) => route.swaggerPath).filter((path) => path in document.paths);
  const rest = Object.keys(document.paths).filter((path) => !known.includes(path));
  return { ...document, paths: Object.fromEntries([...known, ...rest].map((path) => [path, document.paths[path]])) };
}
