import { kindOf, OperationKind, operationText, OperationText } from '../discovery/operation-texts';
import { Endpoint, Route, RouteTable } from '../discovery/route-table';

/** One MCP tool: one endpoint of a documented resource (its methods share one handler and arguments). */
export interface ToolRoute {
  /** `events_list`, `venues_get`, `events_get_by_slug`, `changes_list`… */
  name: string;
  kind: OperationKind;
  route: Route;
  endpoint: Endpoint;
  /** The method a tool call uses (the first of the endpoint's: POST for POST/PUT/PATCH). */
  method: string;
  /** Swagger UI's summary and description of the operation (src/discovery/operation-texts.ts). */
  text: OperationText;
  /**
   * The tool whose input schema describes this one's arguments, where they are the same: the create tool
   * for an update (`events_create` for `events_update`), the tool by ID for one by slug.
   */
  describedBy?: string;
}

const VERBS: Record<OperationKind, string> = { list: 'list', read: 'get', create: 'create', update: 'update', delete: 'delete' };

/** The path segments after the collection that are not parameters: `by-slug` → `_by_slug`. */
function suffixOf(route: Route): string {
  const extra = route.docPath
    .split('/')
    .filter(Boolean)
    .slice(1)
    .filter((segment) => !segment.startsWith('{'));
  return extra.map((segment) => `_${segment.replace(/[^A-Za-z0-9_]/g, '_')}`).join('');
}

/** What an operation of a resource without `docs` (Swagger UI's texts) does, in a few words. */
function plainText(kind: OperationKind, route: Route): OperationText {
  const by = route.pathParams.includes('slug') ? ' by slug' : route.pathParams.includes('id') ? ' by ID' : '';
  const what = kind === 'list' ? route.group : `one of ${route.group}${by}`;
  return { summary: `${kind === 'read' ? 'Get' : `${kind[0].toUpperCase()}${kind.slice(1)}`} ${what}`, description: '' };
}

/**
 * The tools, read from the route table (the controllers' own metadata): one per endpoint of every
 * declared resource's collection, so a new resource module brings its tools with it; their texts are
 * Swagger UI's where the resource declares `docs`. The namespace routes and `/doc` describe the API
 * and are not tools. A collection named alike in two
 * namespaces gets the namespace in its tools' names.
 */
export function toolRoutes(routes: RouteTable): ToolRoute[] {
  const tools: ToolRoute[] = [];
  const handlers = routes.handlers();
  // In the namespace index's order; an endpoint's first handler speaks for its methods.
  for (const route of routes.routes()) {
    for (const endpoint of route.endpoints) {
      if (!route.resource) continue;
      const handler = handlers.find((h) => h.endpoint === endpoint)!;
      const kind = kindOf(handler);
      const text = operationText(handler) ?? plainText(kind, route);
      tools.push({ name: `${route.group}_${VERBS[kind]}${suffixOf(route)}`, kind, route, endpoint, method: endpoint.methods[0], text });
    }
  }
  const count = (name: string) => tools.filter((tool) => tool.name === name).length;
  const named = tools.map((tool) => (count(tool.name) > 1 ? { ...tool, name: `${tool.route.namespace.replace(/[^A-Za-z0-9]+/g, '_')}_${tool.name}` } : tool));
  const kept = named.filter((tool) => !writesBySlugOnly(tool, named));
  return kept.map((tool) => ({ ...tool, describedBy: describingTool(tool, kept)?.name }));
}

/**
 * A write addressing a record by slug where the same write by ID exists: not a tool (it would repeat the
 * other's arguments in every tools/list); an assistant reads the record by slug, then writes it by ID.
 */
function writesBySlugOnly(tool: ToolRoute, tools: ToolRoute[]): boolean {
  if ((tool.kind !== 'update' && tool.kind !== 'delete') || !tool.route.pathParams.includes('slug')) return false;
  return tools.some((other) => other.route.group === tool.route.group && other.kind === tool.kind && other.route.pathParams.includes('id'));
}

/** The tool that describes the same arguments in full: the create tool for an update, else the tool by ID for one by slug. */
function describingTool(tool: ToolRoute, tools: ToolRoute[]): ToolRoute | undefined {
  const sibling = (kind: OperationKind, by?: string) =>
    tools.find((other) => other.route.group === tool.route.group && other.kind === kind && (by === undefined || other.route.pathParams.includes(by)));
  if (tool.kind === 'update') return sibling('create');
  return tool.route.pathParams.includes('slug') ? sibling(tool.kind, 'id') : undefined;
}
