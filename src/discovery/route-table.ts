import { Injectable, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { INTERNAL_NAMESPACE, INTERNAL_REST_ROOT } from '../rest/http-pipeline';
import { PAGINATED } from '../resources/pagination.interceptor';
import { ArgSpec, restArgsOf } from '../rest/params/rest-arg.decorator';
import type { ResourceDeclaration } from '../resources/resource-declaration';
import { declaredNamespaces, resourceOf } from '../resources/resource-registry';
import { EndpointKind, groupOrder, layoutOf } from '../resources/collection-layout';
import { DEFAULT_PATH_ARGS, RecordSlugArgs } from './path-args';

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
  /** The namespace, as the indexes name it: `tribe/events/v1` (NS_ROOT applied) or a declared one (`eca/v1`). */
  namespace: string;
  /** Index key, e.g. `/tribe/events/v1/venues/(?P<id>\d+)` (configured namespace). */
  pattern: string;
  /** /doc path relative to the namespace, e.g. `/venues/{id}`. */
  docPath: string;
  /** First path segment under the namespace (`''` for the namespace route itself). */
  group: string;
  /** The declaration of that collection in this namespace (collections are named per namespace). */
  resource?: ResourceDeclaration;
  pathParams: string[];
  endpoints: Endpoint[];
  /** Matches the internal request path (after the pipeline's rewriting). */
  matcher: RegExp;
  /** The internal path with `{param}`s, as Swagger documents it (`/wp-json/tribe/events/v1/venues/{id}`). */
  swaggerPath: string;
}

/** A namespace's internal mount point (`tribe/events/v1` whatever NS_ROOT says) and its index name. */
interface Namespace {
  internal: string;
  name: string;
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
const REST_PREFIX = INTERNAL_REST_ROOT.slice(1);

const kindOf = (methods: string[]): EndpointKind => (methods[0] === 'GET' ? 'GET' : methods[0] === 'DELETE' ? 'DELETE' : 'EDITABLE');

/**
 * Every route of the plugin's namespace and of the namespaces resources declare, read from the
 * controllers' own metadata (paths, methods, the DTO each handler validates with): the single source
 * of the namespace indexes, the REST root index, /doc, Swagger UI, `Allow` and OPTIONS answers. Built
 * once, on first use, after every module has registered its controllers.
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

  /** The plugin's namespace (`tribe/events/v1` with NS_ROOT applied), then the declared ones. */
  namespaces(): string[] {
    return this.knownNamespaces().map((ns) => ns.name);
  }

  /** The routes of one namespace (by its index name). */
  routesOf(namespace: string): Route[] {
    return this.routes().filter((route) => route.namespace === namespace);
  }

  private knownNamespaces(): Namespace[] {
    const plugin = { internal: INTERNAL_NAMESPACE.slice(1), name: this.config.namespacePath.slice(1) };
    return [plugin, ...declaredNamespaces().map((ns) => ({ internal: ns, name: ns }))];
  }

  /** The namespace a controller path (`wp-json/<namespace>/…`) is mounted under, if any. */
  private namespaceOf(base: string): Namespace | undefined {
    const path = base.toLowerCase();
    return this.knownNamespaces().find(({ internal }) => path === `${REST_PREFIX}/${internal}` || path.startsWith(`${REST_PREFIX}/${internal}/`));
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
      const namespace = this.namespaceOf(base);
      if (!namespace) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[method];
        if (method === 'constructor' || typeof handler !== 'function') continue;
        const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        if (verb === undefined || !DOCUMENTED_METHODS.has(verb) || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler)).replace(/^\/+|\/+$/g, '');
        const relative = `${base.slice(`${REST_PREFIX}/${namespace.internal}`.length)}${sub ? `/${sub}` : ''}`;
        const key = `${namespace.internal}:${relative.toLowerCase()}`;
        const route = routes.get(key) ?? this.newRoute(namespace, relative);
        routes.set(key, route);
        const endpoint = this.addEndpoint(route, controller, method, verb);
        this.handlerList.push({ controller, method, route, endpoint, httpMethod: verb });
      }
    }
    const list = [...routes.values()];
    for (const route of list) this.orderEndpoints(route);
    return this.orderRoutes(list);
  }

  private newRoute(namespace: Namespace, relative: string): Route {
    const segments = relative.split('/').filter(Boolean);
    const pathParams = segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1));
    const regex = (name: string) => (name === 'id' ? '\\d+' : '[^/]+');
    const pattern = segments.map((s) => (s.startsWith(':') ? `(?P<${s.slice(1)}>${regex(s.slice(1))})` : s)).join('/');
    const matcher = segments.map((s) => (s.startsWith(':') ? `(${regex(s.slice(1))})` : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    const docPath = `/${segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`;
    const mount = `${INTERNAL_REST_ROOT}/${namespace.internal}`;
    return {
      namespace: namespace.name,
      pattern: `/${namespace.name}${pattern ? `/${pattern}` : ''}`,
      docPath,
      group: segments[0] ?? '',
      resource: resourceOf(segments[0] ?? '', namespace.internal === INTERNAL_NAMESPACE.slice(1) ? undefined : namespace.internal),
      pathParams,
      endpoints: [],
      // Namespaces are letters, digits, `_`, `-` and `/` (resource-registry.ts): nothing to escape.
      matcher: new RegExp(`^${mount}${matcher ? `/${matcher}` : ''}/?$`, 'i'),
      swaggerPath: `${mount}${docPath === '/' ? '' : docPath}`,
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
    const args = new Map<string, ArgSpec>();
    for (const name of route.pathParams) {
      const spec = restArgsOf(DEFAULT_PATH_ARGS[name] ?? RecordSlugArgs).get(name) ?? restArgsOf(RecordSlugArgs).get('slug')!;
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

  /** The parameter class the handler validates its request parameters with: the first with declared arguments. */
  private dtoOf(controller: Type, method: string): Type | undefined {
    const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) as unknown[] | undefined) ?? [];
    return types.find((t): t is Type => typeof t === 'function' && restArgsOf(t).size > 0);
  }

  private orderEndpoints(route: Route): void {
    const order = route.pathParams.length ? layoutOf(route.resource).endpointOrder : undefined;
    if (!order) return;
    const rank = (e: Endpoint) => order.indexOf(kindOf(e.methods));
    route.endpoints.sort((a, b) => rank(a) - rank(b));
  }

  /**
   * The plugin's namespace first, then the declared ones; in a namespace, groups in the plugin's order
   * (the declared positions); in a group: the collection, then `{id}`, then the other routes.
   */
  private orderRoutes(routes: Route[]): Route[] {
    const namespaces = this.namespaces();
    const groups = [...new Set([...groupOrder(), ...routes.map((r) => r.group)])];
    const kind = (r: Route) => (r.pathParams.length === 0 ? 0 : r.docPath.endsWith(`/${r.group}/{id}`) ? 1 : 2);
    return routes
      .map((route, i) => ({ route, i }))
      .sort(
        (a, b) =>
          namespaces.indexOf(a.route.namespace) - namespaces.indexOf(b.route.namespace) ||
          groups.indexOf(a.route.group) - groups.indexOf(b.route.group) ||
          kind(a.route) - kind(b.route) ||
          a.i - b.i,
      )
      .map(({ route }) => route);
  }
}
