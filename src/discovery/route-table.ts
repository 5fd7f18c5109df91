import { Injectable, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { INTERNAL_NAMESPACE, INTERNAL_REST_ROOT } from '../rest/http-pipeline';
import { PAGINATED } from '../rest/pagination/pagination.interceptor';
import { ArgSpec, restArgsOf } from '../rest/params/rest-arg.decorator';
import { COLLECTION_LAYOUTS, EndpointKind, GROUP_ORDER } from './collection-layout';
import { DEFAULT_PATH_ARGS, PATH_ARGS, RecordSlugArgs } from './path-args';

export interface RouteArg {
  name: string;
  spec: ArgSpec;
}

/** One WordPress endpoint: the methods sharing one handler definition (POST, PUT and PATCH merged). */
export interface Endpoint {
  methods: string[];
  /** Path arguments first, then the handler's DTO arguments (a DTO argument of the same name takes its place). */
  args: RouteArg[];
  /** The DTO arguments alone (the /doc request body). */
  dtoArgs: RouteArg[];
  /** A list handler (@Paginated). */
  list: boolean;
  /** The class the handler validates its parameters with. */
  dto?: Type;
}

export interface Route {
  /** Index key, e.g. `/tribe/events/v1/venues/(?P<id>\d+)` (configured namespace). */
  pattern: string;
  /** /doc path relative to the namespace, e.g. `/venues/{id}`. */
  docPath: string;
  /** First path segment under the namespace (`''` for the namespace route itself). */
  group: string;
  pathParams: string[];
  endpoints: Endpoint[];
  /** Matches the internal request path (after the pipeline's rewriting). */
  matcher: RegExp;
}

export interface RouteHandler {
  controller: Type;
  method: string;
  httpMethod: string;
  route: Route;
  endpoint: Endpoint;
}

const EDITABLE = new Set(['POST', 'PUT', 'PATCH']);
const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const NAMESPACE_PREFIX = `${INTERNAL_REST_ROOT}${INTERNAL_NAMESPACE}`.slice(1);

const kindOf = (methods: string[]): EndpointKind => (methods[0] === 'GET' ? 'GET' : methods[0] === 'DELETE' ? 'DELETE' : 'EDITABLE');

/**
 * Every route of the namespace, read from the controllers' own metadata (paths, methods, the DTO each
 * handler validates with): the single source of the namespace index, /doc, Swagger UI, `Allow` and
 * OPTIONS answers. Built once, on first use, after every module has registered its controllers.
 */
@Injectable()
export class RouteTable {
  private built?: Route[];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly config: AppConfig,
  ) {}

  routes(): Route[] {
    return (this.built ??= this.build());
  }

  /** The route an internal request path belongs to. */
  match(path: string): Route | undefined {
    return this.routes().find((route) => route.matcher.test(path));
  }

  /** Every handler with its route and endpoint (the Swagger setup decorates them). */
  handlers(): RouteHandler[] {
    this.routes();
    return this.handlerList;
  }

  private readonly handlerList: RouteHandler[] = [];

  private build(): Route[] {
    const routes = new Map<string, Route>();
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as Type | undefined;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '').replace(/^\/+|\/+$/g, '');
      if (base.toLowerCase() !== NAMESPACE_PREFIX && !base.toLowerCase().startsWith(`${NAMESPACE_PREFIX}/`)) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[method];
        if (method === 'constructor' || typeof handler !== 'function') continue;
        const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        if (verb === undefined || !DOCUMENTED_METHODS.has(verb) || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler)).replace(/^\/+|\/+$/g, '');
        const relative = `${base.slice(NAMESPACE_PREFIX.length)}${sub ? `/${sub}` : ''}`;
        const route = routes.get(relative.toLowerCase()) ?? this.newRoute(relative);
        routes.set(relative.toLowerCase(), route);
        const endpoint = this.addEndpoint(route, controller, method, verb);
        this.handlerList.push({ controller, method, route, endpoint, httpMethod: verb });
      }
    }
    const list = [...routes.values()];
    for (const route of list) this.orderEndpoints(route);
    return this.orderRoutes(list);
  }

  private newRoute(relative: string): Route {
    const segments = relative.split('/').filter(Boolean);
    const pathParams = segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1));
    const regex = (name: string) => (name === 'id' ? '\\d+' : '[^/]+');
    const pattern = segments.map((s) => (s.startsWith(':') ? `(?P<${s.slice(1)}>${regex(s.slice(1))})` : s)).join('/');
    const matcher = segments.map((s) => (s.startsWith(':') ? `(${regex(s.slice(1))})` : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    return {
      pattern: `${this.config.namespacePath}${pattern ? `/${pattern}` : ''}`,
      docPath: segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/').replace(/^/, '/'),
      group: segments[0] ?? '',
      pathParams,
      endpoints: [],
      matcher: new RegExp(`^${INTERNAL_REST_ROOT}${INTERNAL_NAMESPACE}${matcher ? `/${matcher}` : ''}/?$`, 'i'),
    };
  }

  private addEndpoint(route: Route, controller: Type, method: string, verb: string): Endpoint {
    const dto = this.dtoOf(controller, method);
    const editable = EDITABLE.has(verb) && route.pathParams.length > 0;
    const shared = editable ? route.endpoints.find((e) => e.methods.every((m) => EDITABLE.has(m)) && e.dto === dto) : undefined;
    if (shared) {
      shared.methods.push(verb);
      return shared;
    }
    const pathDto = Reflect.getMetadata(PATH_ARGS, (controller.prototype as Record<string, object>)[method]) as Type | undefined;
    const args = new Map<string, ArgSpec>();
    for (const name of route.pathParams) {
      const spec = restArgsOf(pathDto ?? DEFAULT_PATH_ARGS[name] ?? RecordSlugArgs).get(name) ?? restArgsOf(RecordSlugArgs).get('slug')!;
      args.set(name, spec);
    }
    const dtoArgs = dto ? [...restArgsOf(dto)].map(([name, spec]) => ({ name, spec })) : [];
    // PHP array_merge: a DTO argument named like a path argument keeps the path argument's position.
    for (const { name, spec } of dtoArgs) args.set(name, spec);
    const endpoint: Endpoint = {
      methods: [verb],
      args: [...args].map(([name, spec]) => ({ name, spec })),
      dtoArgs,
      list: Reflect.getMetadata(PAGINATED, (controller.prototype as Record<string, object>)[method]) !== undefined,
      dto,
    };
    route.endpoints.push(endpoint);
    return endpoint;
  }

  /** The parameter class the handler validates its request parameters with (see declareArgs). */
  private dtoOf(controller: Type, method: string): Type | undefined {
    const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) as unknown[] | undefined) ?? [];
    return types.find((t): t is Type => typeof t === 'function' && restArgsOf(t).size > 0);
  }

  private orderEndpoints(route: Route): void {
    const order = route.pathParams.length ? COLLECTION_LAYOUTS[route.group]?.endpointOrder : undefined;
    if (!order) return;
    const rank = (e: Endpoint) => order.indexOf(kindOf(e.methods));
    route.endpoints.sort((a, b) => rank(a) - rank(b));
  }

  /** Groups in the plugin's order; in a group: the collection, then `{id}`, then the other routes. */
  private orderRoutes(routes: Route[]): Route[] {
    const groups = [...new Set([...GROUP_ORDER, ...routes.map((r) => r.group)])];
    const kind = (r: Route) => (r.pathParams.length === 0 ? 0 : r.docPath.endsWith(`/${r.group}/{id}`) ? 1 : 2);
    return routes
      .map((route, i) => ({ route, i }))
      .sort((a, b) => groups.indexOf(a.route.group) - groups.indexOf(b.route.group) || kind(a.route) - kind(b.route) || a.i - b.i)
      .map(({ route }) => route);
  }
}
