import { Injectable, OnApplicationBootstrap, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { FrontReads } from '../rest/front-reads';
import { parseRequestQuery } from '../rest/http-pipeline';
import { answerJson } from '../rest/json-text';
import type { Page } from '../rest/pagination/page';
import { mergedParams } from '../rest/params/rest-params.decorator';
import { validateRestArgs } from '../rest/params/rest-validation.pipe';
import type { RequestContext } from '../rest/request-context';
import { SiteService } from '../wordpress/site.service';
import { listAddress, listEnvelope, PAGINATED, PaginatedOptions } from '../resources/pagination.interceptor';
import { declareShows } from '../cache/shows.interceptor';

type ListHandler = (ctx: RequestContext, args: object) => Page<unknown> | Promise<Page<unknown>>;

/**
 * The front reads of the lists (src/app/front-reads.road.ts): every `@Paginated` list route's
 * answer is given before Express by the route's own handler, called with the context and
 * the parameters the road would give it (the same query parser, merge and check), in the envelope
 * its interceptor builds, after declaring what it shows as the Shows interceptor does (the list's
 * total is kept under those keys). The iCalendar list interceptor adds nothing to a JSON answer but
 * `Vary: Accept`, which the learned headers hold (the front takes JSON only). A bad parameter, a page
 * beyond the last, any error: the route answers.
 */
@Injectable()
export class ListFrontReads implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly fronts: FrontReads,
    private readonly site: SiteService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const { instance, metatype } of this.discovery.getControllers()) {
      if (!instance || !metatype) continue;
      const mount = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const method of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[method];
        if (typeof handler !== 'function') continue;
        const options = Reflect.getMetadata(PAGINATED, handler) as PaginatedOptions | undefined;
        if (!options || !isListRoute(metatype as Type, method, handler, options)) continue;
        this.add(mount, options, (ctx, args) => {
          declareShows(handler, {}); // as the Shows interceptor: a list's total is kept under what the list shows
          return (handler as ListHandler).call(instance, ctx, args);
        });
      }
    }
  }

  private add(mount: string, options: PaginatedOptions, list: ListHandler): void {
    this.fronts.add({
      path: new RegExp(`^/${mount.replace(/^\/+|\/+$/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      answer: async ({ query, origin, language, caller }) => {
        const args = validateRestArgs(options.args as Type<object>, mergedParams(parseRequestQuery(query)));
        const page = await list({ caller, origin, credentials: {}, language }, args);
        const address = await listAddress(mount, options, this.site, this.config, origin);
        const { body, headers, links } = listEnvelope(options, page, `${address}/`, query);
        return { body: answerJson(body), headers, links };
      },
    });
  }
}

/**
 * A `GET` of the controller's own path whose handler takes the request context and the list's
 * parameters, in that order (`list(@RequestCtx() ctx, @RestParams() args)`): the one shape the front
 * knows how to call. Any other is left to the route alone.
 */
function isListRoute(controller: Type, method: string, handler: object, options: PaginatedOptions): boolean {
  const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
  if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET || (path !== undefined && path !== '/' && path !== '')) return false;
  const parameters = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as unknown[];
  const decorated = Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as object);
  return parameters.length === 2 && parameters[1] === options.args && decorated.length === 2;
}
