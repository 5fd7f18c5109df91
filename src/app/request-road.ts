import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { AuthService } from '../auth/auth.service';
import { authenticateMiddleware, startLogin } from '../auth/authenticate.middleware';
import { LoginThrottle } from '../auth/login-throttle.service';
import { DataFreshness } from '../cache/data-freshness';
import { CacheablePaths, KnownCaller } from '../cache/cacheable-request';
import { responseCache } from '../cache/response-cache.middleware';
import { TermCounts } from '../cache/term-counts';
import { isAuthenticated } from '../wordpress/caller';
import proxyAddr from 'proxy-addr';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { PipelineRouteDescriber } from '../discovery/route-describer';
import { requestLogging } from '../logging/request-logging';
import { cors, corsConfigured, securityHeaders } from '../security/http-security';
import { formBody, jsonBodyAsText, LargeUpload, largeUploadBody, multipartBody, parseJsonLeniently } from '../rest/body-parsing';
import { MAX_IMPORT_BYTES } from '../import/import-limits';
import { IMPORT_CAPABILITY, IMPORTS_RESOURCE } from '../import/imports.resource';
import { methodOverride, parseRequestQuery, refuseLongUrls, rewriteUrl } from '../rest/http-pipeline';
import { answerParserErrorsInEnvelope } from '../rest/parser-errors';
import { enterRequestScope } from '../rest/request-scope.middleware';
import { allowAndOptions } from '../rest/route-answers';
import { installFront } from '../rest/front-road';
import { FrontReads } from '../rest/front-reads';
import { FrontLogin, frontReadsRoad, TrustProxy } from './front-reads.road';
import { standardHeaders } from '../rest/standard-headers';

/** Multipart files bigger than the road's body limit: the imports' upload, up to the import's own limit (docs/import.md "Bad input and limits"). */
const LARGE_UPLOADS: readonly LargeUpload[] = [
  { method: 'POST', path: `/wp-json/${IMPORTS_RESOURCE.namespace}/${IMPORTS_RESOURCE.collection}`, fileLimit: MAX_IMPORT_BYTES, capability: IMPORT_CAPABILITY },
];

/** The road once laid: its front edge is installed after `app.init()`, over the finished server. */
export interface RequestRoad {
  /**
   * The front (src/rest/front-road.ts), before Express sees the request: the response cache's stored
   * answers, or without a response cache the read model's anonymous reads (front-reads.road.ts).
   */
  installFront(): void;
}

/**
 * The road of a request before Nest routes it, in the order it is travelled (docs/architecture.md).
 * Every step is a named Express step, so it runs for every path, matched or not, in exactly
 * this order; Nest's router, the parameter stage and the controllers come after it (set up by
 * `app.init()`).
 *
 * Why no Nest middleware (`configure(consumer)`) or guards here: WordPress does all of this before
 * routing. A path no route matches still gets the URL rewrite, a 401 for bad credentials, an `Allow`
 * header and an OPTIONS answer; Nest applies module middleware only after every `app.use` step and in
 * module order, and guards run only on a matched route. Capabilities are checked in the services,
 * after validation, because WordPress reports a bad parameter before a missing permission.
 */
export function installRequestRoad(app: NestExpressApplication, logger: Logger): RequestRoad {
  const config = app.get(AppConfig);
  const server = app.getHttpServer() as Server;

  app.set('trust proxy', config.trustProxy); // decides req.ip: the login throttle's client and the request log
  const cache = responseCache(app.get(DatabaseService), config, app.get(CacheablePaths), knownCaller(app), app.get(DataFreshness), app.get(TermCounts));
  app.set('query parser', parseRequestQuery);
  app.set('etag', false); // ETags come from json-express.adapter.ts (and the cache), over the final body
  app.set('x-powered-by', false);
  answerParserErrorsInEnvelope(server); // requests Node's parser refuses never reach a step

  // (edge) the front, installFront below: an anonymous GET/HEAD hit, or (no response cache) an anonymous read the read model answers, before every step.
  const steps: [string, RequestHandler][] = [
    ['request log', requestLogging(logger)], // first: every answer, refusals included, gets X-Request-Id and its log line
    ['security headers', securityHeaders()], // before any step can answer, so every answer carries them
    ...(corsConfigured(config) ? [['CORS', cors(config)] as [string, RequestHandler]] : []), // a preflight is answered before the URL, body or credentials are looked at
    ['URL length limit', refuseLongUrls], // before any step reads the URL (414)
    ['language prefix and REST root', rewriteUrl(config)], // /{lang}/ and REST_ROOT/NS_ROOT onto the internal routes, before anything matches a path
    ['method override', methodOverride], // `_method` / X-HTTP-Method-Override decide the method the router and the parsers see
    ['JSON body', jsonBodyAsText], // as text: a malformed body must not fail here…
    ['JSON parse', parseJsonLeniently], // …but at the parameter stage, after routing (rest_invalid_json)
    ['form body', formBody],
    ['multipart body', multipartBody(LARGE_UPLOADS)], // except the large uploads' routes: read after authentication
    ['standard headers', standardHeaders(config)], // Link, X-Robots-Tag…: on every answer from here on, errors included
    ['authentication', authenticateMiddleware(app.get(AuthService), app.get(LoginThrottle))], // before routing, as WordPress: bad credentials are 401 on every path; every step below needs the caller
    ['large upload body', largeUploadBody(LARGE_UPLOADS)], // the imports' file (5 MB), for a caller who may import: no stranger makes the service read 5 MB
    ['request scope', enterRequestScope], // the caller decides replica or primary; everything after reads through this scope
    ['response cache', cache.step], // inside the scope: reads the data version a miss is stored under; anonymous errors no-store
    ['Allow and OPTIONS', allowAndOptions(() => app.get(PipelineRouteDescriber))], // last: needs the caller; answers OPTIONS for unmatched paths too
  ];
  for (const [name, handler] of steps) app.use(named(name, handler));

  // With a response cache its misses go the whole road, to be kept: its hits answer every repeat.
  const front = cache.front(logger) ?? frontReadsRoad(app.get(FrontReads), config, app.get(CacheablePaths), trustProxyFn(app), logger, frontLogin(app));
  return { installFront: () => installFront(server, front) };
}

/**
 * The response cache front's view of credentials (cacheable-request.ts): the user this client proved
 * these exact credentials to be moments ago, as the authentication step would find them — the same
 * client address (Express's `trust proxy`), and not while a login of that client failed here.
 */
function knownCaller(app: NestExpressApplication): KnownCaller {
  const auth = app.get(AuthService);
  const throttle = app.get(LoginThrottle);
  const trust = trustProxyFn(app);
  return (req, header) => {
    const client = proxyAddr(req, trust);
    if (throttle.failedHere(client)) return undefined;
    const caller = auth.remembered(header, client);
    return caller && isAuthenticated(caller) ? caller.id : undefined;
  };
}

/** The front road's logins: the authentication step's, for the client address Express would find (`req.ip`). */
function frontLogin(app: NestExpressApplication): FrontLogin {
  const auth = app.get(AuthService);
  const throttle = app.get(LoginThrottle);
  const trust = trustProxyFn(app);
  return (req, header) => startLogin(auth, throttle, req, header, proxyAddr(req, trust));
}

/** Express's `trust proxy` setting as the function it compiles it to (set at the road's start). */
function trustProxyFn(app: NestExpressApplication): TrustProxy {
  return (app.getHttpAdapter().getInstance() as { get(setting: string): TrustProxy }).get('trust proxy fn');
}

/** The step under its road name (Express lists it so: the stack reads as this file does). */
function named(name: string, handler: RequestHandler): RequestHandler {
  const step = (req: Request, res: Response, next: NextFunction) => handler(req, res, next);
  Object.defineProperty(step, 'name', { value: name });
  return step;
}
