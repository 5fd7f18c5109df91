import { parse as parseQuery } from 'qs';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/app-config';
import { restRouteUrl } from './global-params';
import { madeInMemory } from './in-memory-http';
import { RestRequest } from './request-context';
import { RestError } from '../reasons/rest-error';

/** The route steps' view of the route table (src/discovery/route-describer.ts implements it). */
export type { RouteDescriber } from './route-answers';

/** Internal mount point of every controller; the configured REST_ROOT/NS_ROOT are rewritten onto it. */
export const INTERNAL_REST_ROOT = '/wp-json';
export const INTERNAL_NAMESPACE = '/tribe/events/v1';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
export const LANGUAGE_PREFIX = /^\/([a-z]{2}(?:[-_][A-Za-z]{2})?)(?=\/)/;

/*
 * The URL steps WordPress performs before routing (length limit, language prefix with the configured
 * REST root and namespace, method override) and the URL facts the response cache's front shares with
 * them. Their place on the road: src/app/request-road.ts.
 */

/** Longest request target accepted (Apache's default LimitRequestLine is 8190). */
export const MAX_URL_LENGTH = 8190;

export function refuseLongUrls(req: Request, _res: Response, next: NextFunction) {
  if (req.url.length > MAX_URL_LENGTH) return next(new RestError('rest_uri_too_long', 'The request URL is too long.', 414));
  next();
}

/**
 * `/{lang}{REST_ROOT}/{NS_ROOT}/events/v1/...` → `/wp-json/tribe/events/v1/...`, with the language;
 * `/?rest_route=/...` (plain permalinks) first becomes the pretty form.
 */
export function rewriteRestUrl(original: string, config: AppConfig): { url: string; language?: string } {
  let url = restRouteUrl(original, config.restRoot) ?? original;
  let language: string | undefined;
  const lang = LANGUAGE_PREFIX.exec(url);
  if (lang && url.slice(lang[0].length).toLowerCase().startsWith(config.restRoot.toLowerCase())) {
    language = lang[1];
    url = url.slice(lang[0].length);
  }
  if (config.restRoot !== INTERNAL_REST_ROOT && url.toLowerCase().startsWith(config.restRoot.toLowerCase())) {
    url = INTERNAL_REST_ROOT + url.slice(config.restRoot.length);
  }
  const afterRoot = url.slice(INTERNAL_REST_ROOT.length);
  const nsFrom = config.namespacePath;
  if (nsFrom !== INTERNAL_NAMESPACE && afterRoot.toLowerCase().startsWith(nsFrom.toLowerCase())) {
    url = INTERNAL_REST_ROOT + INTERNAL_NAMESPACE + afterRoot.slice(nsFrom.length);
  }
  return { url, language };
}

/** Whether a (rewritten) URL is under the REST root. */
export function isRestUrl(url: string): boolean {
  const root = url.slice(0, INTERNAL_REST_ROOT.length + 1).toLowerCase();
  return root === INTERNAL_REST_ROOT || root === `${INTERNAL_REST_ROOT}/` || root === `${INTERNAL_REST_ROOT}?`;
}

export function rewriteUrl(config: AppConfig) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const { url, language } = rewriteRestUrl(req.url, config);
    if (language !== undefined) (req as RestRequest).restLanguage = language;
    req.url = url;
    next();
  };
}

/** Whether the request asks for another method (`_method` or X-HTTP-Method-Override); never one made in memory. */
export function overridesMethod(req: IncomingMessage): boolean {
  if (madeInMemory(req)) return false;
  return (req.url ?? '').includes('_method=') || req.headers['x-http-method-override'] !== undefined;
}

/** WordPress honours `_method` and `X-HTTP-Method-Override` on every method, GET included. */
export function methodOverride(req: Request, _res: Response, next: NextFunction) {
  if (!overridesMethod(req)) return next();
  const query = req.url.includes('_method=') ? new URLSearchParams(req.url.split('?')[1] ?? '').get('_method') : null;
  const requested = (query ?? req.header('x-http-method-override') ?? '').toUpperCase();
  if (requested && METHODS.has(requested)) req.method = requested;
  next();
}

/** The query string as the routes see it: `a[]=1&a[]=2` is an array, as in WordPress (Express's query parser). */
export function parseRequestQuery(query: string): Record<string, unknown> {
  return parseQuery(query, { depth: 5, arrayLimit: 200, parameterLimit: 1000 });
}
