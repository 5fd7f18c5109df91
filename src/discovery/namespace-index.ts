import { ArgSpec, indexKeywordsOf, SiteFacts } from '../rest/params/rest-arg.decorator';
import { Translate } from '../i18n/catalogs';
import { Endpoint, Route } from './route-table';

/** What a description of the routes depends on, per request. */
export interface DescribeContext {
  site: SiteFacts;
  t: Translate;
  /** `{PUBLIC_BASE}{REST_ROOT}` (canonical, never with the language prefix; OQ-7). */
  restRoot: string;
}

/** One `args` entry: the keywords the plugin's definition has, in its order, then `required` (WP core). */
export function describeArg(spec: ArgSpec, ctx: DescribeContext): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const keyword of indexKeywordsOf(spec)) {
    if (keyword === 'default') entry.default = spec.defaultAt ? spec.defaultAt(ctx.site) : (spec.default ?? null);
    else if (keyword === 'description') entry.description = ctx.t(spec.i18nKey, spec.description);
    else if (keyword === 'type') entry.type = spec.type;
    else if (keyword === 'format' && spec.format !== undefined) entry.format = spec.format;
    else if (keyword === 'items' && (spec.docItems ?? spec.items) !== undefined) entry.items = { type: spec.docItems ?? spec.items };
    else if (keyword === 'enum' && spec.enum !== undefined) entry.enum = [...spec.enum];
  }
  entry.required = spec.required ?? false;
  return entry;
}

function describeEndpoint(endpoint: Endpoint, ctx: DescribeContext) {
  // PHP renders an empty args array as `[]` (COPY).
  const args = endpoint.args.length ? Object.fromEntries(endpoint.args.map(({ name, spec }) => [name, describeArg(spec, ctx)])) : [];
  return { methods: [...endpoint.methods], args };
}

/** A route's description object (WP core `get_data_for_route`); also the body of OPTIONS. */
export function describeRoute(route: Route, ctx: DescribeContext): Record<string, unknown> {
  // Defaults computed from the namespace (the index's own `namespace` argument) are the route's.
  const routeCtx = route.namespace === ctx.site.namespace ? ctx : { ...ctx, site: { ...ctx.site, namespace: route.namespace } };
  const data: Record<string, unknown> = {
    namespace: route.namespace,
    methods: route.endpoints.flatMap((e) => e.methods),
    endpoints: route.endpoints.map((e) => describeEndpoint(e, routeCtx)),
  };
  if (route.pathParams.length === 0) data._links = { self: [{ href: `${ctx.restRoot}${route.pattern}` }] };
  return data;
}

/** `GET /tribe/events/v1` (index-and-doc.md §1), and the index of any declared namespace: its routes. */
export function namespaceIndex(namespace: string, routes: Route[], ctx: DescribeContext) {
  return {
    namespace,
    routes: Object.fromEntries(routes.map((route) => [route.pattern, describeRoute(route, ctx)])),
    _links: { up: [{ href: `${ctx.restRoot}/` }] },
  };
}
