import type { NestExpressApplication } from '@nestjs/platform-express';
import bodyParser from 'body-parser';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { parse as parseQuery } from 'qs';
import { AppConfig } from '../config/app-config';
import { JSON_CONTENT_TYPE } from './json-express.adapter';
import { RestRequest } from './request-context';
import { RestError } from './rest-error';

/** Internal mount point of every controller; the configured REST_ROOT/NS_ROOT are rewritten onto it. */
export const INTERNAL_REST_ROOT = '/wp-json';
export const INTERNAL_NAMESPACE = '/tribe/events/v1';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const LANGUAGE_PREFIX = /^\/([a-z]{2}(?:[-_][A-Za-z]{2})?)(?=\/)/;
const BODY_LIMIT = '1mb';

/**
 * Express-level steps that WordPress performs before routing: URL normalisation (language prefix,
 * configured REST root and namespace), method override, body parsing (JSON, form, multipart) and the
 * standard headers. Installed before Nest registers its routes.
 */
export function installHttpPipeline(app: NestExpressApplication, config: AppConfig): void {
  // WordPress reads `a[]=1&a[]=2` as an array.
  app.set('query parser', (q: string) => parseQuery(q, { depth: 5, arrayLimit: 200, parameterLimit: 1000 }));
  app.set('etag', false);
  app.set('x-powered-by', false);
  answerParserErrorsInEnvelope(app);
  app.use(refuseLongUrls);
  app.use(rewriteUrl(config));
  app.use(methodOverride);
  app.use(bodyParser.text({ type: ['application/json', 'application/*+json'], limit: BODY_LIMIT }));
  app.use(parseJsonLeniently);
  app.use(bodyParser.urlencoded({ extended: true, limit: BODY_LIMIT, parameterLimit: 1000 }));
  app.use(multer({ limits: { fileSize: 1024 * 1024, fields: 1000 } }).any());
  app.use(standardHeaders(config));
}

/** Longest request target accepted (Apache's default LimitRequestLine is 8190). */
export const MAX_URL_LENGTH = 8190;

function refuseLongUrls(req: Request, _res: Response, next: NextFunction) {
  if (req.url.length > MAX_URL_LENGTH) return next(new RestError('rest_uri_too_long', 'The request URL is too long.', 414));
  next();
}

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers beyond --max-http-header-size,
 * 16 KB by default; malformed request lines) still get an answer in the WordPress envelope.
 */
function answerParserErrorsInEnvelope(app: NestExpressApplication): void {
  const server = app.getHttpServer() as Server;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const rest = tooLarge
      ? new RestError('rest_headers_too_large', 'The request headers are too large.', 431)
      : new RestError('rest_bad_request', 'The request could not be understood.', 400);
    const body = JSON.stringify(rest.toBody());
    const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${rest.status} ${reason}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** `/{lang}{REST_ROOT}/{NS_ROOT}/events/v1/...` → `/wp-json/tribe/events/v1/...`, with the language. */
export function rewriteRestUrl(original: string, config: AppConfig): { url: string; language?: string } {
  let url = original;
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

function rewriteUrl(config: AppConfig) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const { url, language } = rewriteRestUrl(req.url, config);
    if (language !== undefined) (req as RestRequest).restLanguage = language;
    req.url = url;
    next();
  };
}

/** Whether the request asks for another method (`_method` or X-HTTP-Method-Override). */
export function overridesMethod(req: IncomingMessage): boolean {
  return (req.url ?? '').includes('_method=') || req.headers['x-http-method-override'] !== undefined;
}

/** WordPress honours `_method` and `X-HTTP-Method-Override` on every method, GET included. */
function methodOverride(req: Request, _res: Response, next: NextFunction) {
  if (!overridesMethod(req)) return next();
  const query = req.url.includes('_method=') ? new URLSearchParams(req.url.split('?')[1] ?? '').get('_method') : null;
  const requested = (query ?? req.header('x-http-method-override') ?? '').toUpperCase();
  if (requested && METHODS.has(requested)) req.method = requested;
  next();
}

/** Keeps a malformed JSON body as an error to report at the parameter stage (after routing). */
function parseJsonLeniently(req: Request, _res: Response, next: NextFunction) {
  if (typeof req.body === 'string') {
    const text = req.body;
    req.body = {};
    if (text.trim() !== '') {
      try {
        // PHP's json_decode refuses nesting beyond 512 levels; deeper input would also exhaust the
        // stack of the recursive parameter transformers after parsing.
        if (jsonNestingExceeds(text, JSON_MAX_DEPTH)) throw new Error('Maximum stack depth exceeded');
        const parsed: unknown = JSON.parse(text);
        req.body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
      } catch (error) {
        (req as RestRequest).jsonError = (error as Error).message;
      }
    }
  }
  next();
}

const JSON_MAX_DEPTH = 512;

/** Whether arrays/objects in the JSON text nest deeper than `max` (brackets inside strings ignored). */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Headers WordPress sends on every REST response. */
function standardHeaders(config: AppConfig) {
  return (req: Request, res: Response, next: NextFunction) => {
    const root = `${config.siteUrl ?? `${req.protocol}://${req.get('host')}`}${config.restRoot}/`;
    res.setHeader('Link', `<${root}>; rel="https://api.w.org/"`);
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Access-Control-Expose-Headers', 'X-WP-Total, X-WP-TotalPages, Link, X-TEC-Total, X-TEC-TotalPages');
    res.setHeader(
      'Access-Control-Allow-Headers',
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    );
    next();
  };
}

/** What the route table tells the pipeline about the route a request path matches. */
export interface RouteDescriber {
  /** Methods of the matched route the request's caller may use; undefined when no route matches. */
  allowedMethods(req: RestRequest): string[] | undefined;
  /** The matched route's description object (as in the namespace index); undefined when none matches. */
  describeRoute(req: RestRequest): Promise<unknown>;
}

/**
 * Steps that need the route table and the caller, installed after authentication: the `Allow` header
 * of the matched route (WP core: the methods the caller may use) and OPTIONS answered as WordPress
 * does — the route's description, or `[]` (200) for a path that matches no route.
 */
export function installRouteSteps(app: NestExpressApplication, routes: () => RouteDescriber): void {
  app.use((req: Request, res: Response, next: NextFunction) => {
    const request = req as RestRequest;
    const allowed = routes().allowedMethods(request);
    if (allowed) res.setHeader('Allow', allowed.join(', '));
    if (req.method !== 'OPTIONS') return next();
    routes()
      .describeRoute(request)
      .then((description) => {
        const payload = Buffer.from(JSON.stringify(description ?? []), 'utf8');
        res.status(200).setHeader('Content-Type', JSON_CONTENT_TYPE);
        res.setHeader('Content-Length', payload.length);
        res.end(payload);
      })
      .catch(next);
  });
}
