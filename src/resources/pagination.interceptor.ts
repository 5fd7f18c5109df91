import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants';
import type { Response } from 'express';
import { from, mergeMap, Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { SiteService } from '../wordpress/site.service';
import { restArgsOf } from '../rest/params/rest-arg.decorator';
import { RestError } from '../reasons/rest-error';
import { RestRequest } from '../rest/request-context';
import { collectionUrl, resourceOfMount } from './resource-urls';
import { buildUrl, listQuery, withPage } from '../rest/pagination/list-urls';
import { Page, totalPages } from '../rest/pagination/page';

export interface PaginatedOptions {
  /** Records key (and collection path): `events`, `venues`, `organizers`, `categories`, `tags`. */
  collection: string;
  /** Post lists and term lists differ in key order and in how a page beyond the last is answered. */
  layout: 'posts' | 'terms';
  /** The list's parameter DTO: its declared arguments are the ones echoed in navigation URLs. */
  args: object;
  /** Posts only: the 404 for an empty page > 1. */
  pageNotFound?: { code: string; message: string };
}

/** Metadata key of @Paginated (the route table tells list handlers by it). */
export const PAGINATED = Symbol('paginated');

/** Builds the list envelope and headers from a Page (pure apart from the URLs it is given). */
export function listEnvelope(options: PaginatedOptions, page: Page<unknown>, collectionUrl: string, rawQuery: string) {
  const pages = totalPages(page.total, page.perPage);
  if (options.layout === 'posts' && page.items.length === 0 && page.page > 1 && options.pageNotFound) {
    throw new RestError(options.pageNotFound.code, options.pageNotFound.message, 404);
  }
  const recognised = new Set(restArgsOf(options.args).keys());
  const pairs = listQuery(rawQuery, recognised, page.page, page.perPage);
  const nav: Record<string, string> = {};
  if (page.page < pages) nav.next_rest_url = buildUrl(collectionUrl, withPage(pairs, page.page + 1));
  if (page.page > 1 && (options.layout === 'terms' || page.page - 1 <= pages)) {
    nav.previous_rest_url = buildUrl(collectionUrl, withPage(pairs, page.page === 2 ? undefined : page.page - 1));
  }
  // Term lists: the plugin's rest_url never names the page, on any page (terms.md §7.2, issue #16),
  // so it is left out there; every other URL keeps the project rule of lists-and-filters §1.2.
  const restUrl = buildUrl(collectionUrl, options.layout === 'terms' ? withPage(pairs, undefined) : pairs);
  const counts = { total: page.total, total_pages: pages };
  const body: Record<string, unknown> =
    options.layout === 'posts'
      ? { [options.collection]: page.items, rest_url: restUrl, ...nav, ...counts }
      : { rest_url: restUrl, ...counts, [options.collection]: page.items, ...nav };
  // The standard WordPress headers too (X-WP-*, Link rel next/prev): generic WordPress clients page with them.
  const links = [
    ...(nav.previous_rest_url ? [`<${nav.previous_rest_url}>; rel="prev"`] : []),
    ...(nav.next_rest_url ? [`<${nav.next_rest_url}>; rel="next"`] : []),
  ];
  const headers = {
    'X-TEC-Total': String(page.total),
    'X-TEC-TotalPages': String(pages),
    'X-WP-Total': String(page.total),
    'X-WP-TotalPages': String(pages),
  };
  return { body, headers, links };
}

/**
 * The shared list envelope: `{records, rest_url, next_rest_url?, previous_rest_url?, total, total_pages}`
 * for post lists, `{rest_url, total, total_pages, records, next_rest_url?, previous_rest_url?}` for term
 * lists, plus the X-TEC-Total / X-TEC-TotalPages headers, WordPress's X-WP-Total / X-WP-TotalPages and
 * `Link` rel="prev"/"next" headers.
 */
@Injectable()
export class PaginationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly site: SiteService,
    private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<PaginatedOptions>(PAGINATED, context.getHandler());
    const req = context.switchToHttp().getRequest<RestRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      mergeMap((page: Page<unknown>) =>
        from(
          (async () => {
            const mount = String(Reflect.getMetadata(PATH_METADATA, context.getClass()) ?? '');
            const url = await listAddress(mount, options, this.site, this.config, `${req.protocol}://${req.get('host')}`);
            const { body, headers, links } = listEnvelope(options, page, `${url}/`, req.originalUrl.split('?')[1] ?? '');
            for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
            for (const link of links) res.append('Link', link);
            return body;
          })(),
        ),
      ),
    );
  }
}

/** A list's own address: in the namespace its controller is mounted under (`mount`, as @Controller names it; resource-urls.ts). */
export async function listAddress(mount: string, options: PaginatedOptions, site: SiteService, config: AppConfig, origin: string): Promise<string> {
  const resource = resourceOfMount(mount) ?? { collection: options.collection };
  return collectionUrl(await site.publicBase(origin), config, resource);
}

/** Marks a list handler: it returns a Page, the client gets the envelope. */
export function Paginated(options: PaginatedOptions) {
  return applyDecorators(SetMetadata(PAGINATED, options), UseInterceptors(PaginationInterceptor));
}
