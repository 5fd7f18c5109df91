import { Logger as NestLogger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { recordAnswer, RecordedAnswer } from '../cache/answer-replay';
import { CacheablePaths, headersVariation, isSharedRead } from '../cache/cacheable-request';
import { entityTag, ifNoneMatchMatches, sendNotModified, setCachingHeaders } from '../cache/conditional-get';
import { AppConfig } from '../config/app-config';
import { requestScope, scopeOfRequest } from '../database/request-scope';
import { logAnsweredRequest, requestIdOf } from '../logging/request-logging';
import type { Front } from '../rest/front-road';
import { FrontAnswer, FrontReads } from '../rest/front-reads';
import { RestError } from '../reasons/rest-error';
import { rewriteRestUrl } from '../rest/http-pipeline';
import { representationOf } from '../rest/representation';
import { isLoginAttempt } from '../auth/authenticate.middleware';
import { arrivalOrigin } from '../rest/request-context';
import { ANONYMOUS, Caller, isAuthenticated } from '../wordpress/caller';

/** Express's `trust proxy fn`: whether the proxy at `address` is trusted. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * Starts the login of a request with Basic credentials as the authentication step would, leaving its
 * outcome to that step when the request goes on (authenticate.middleware.ts `startLogin`).
 */
export type FrontLogin = (req: IncomingMessage, header: string) => Promise<Caller>;

/** Header sets kept at once: their keys hold header values any client chooses. */
const MAX_SHAPES = 256;
/** How long a learned header set is used before the route's next answer teaches it again. */
const SHAPE_TTL_MS = 60_000;

interface Shape {
  headers: RecordedAnswer['headers'];
  learned: number;
}

/**
 * The front road of reads (FrontReads: a single event by ID or slug from its read model row, every
 * list by its own handler), before Express, when no response cache keeps answers
 * (RESPONSE_CACHE_TTL_SECONDS=0), for anonymous callers and for callers with Basic credentials, whose
 * login starts here and whose outcome the authentication step takes over if the request goes on
 * (`login`). The body and the answer's own headers (a list's totals and page links) are the read's;
 * the other headers are those the route itself sent last for the same shape of request — the same
 * path but for its last segment, the same headersVariation, the same set of capabilities — learned
 * from its answer (a shape not yet seen, or learned over a minute ago, goes the whole road once). What
 * the route would add of its own (ETag, 304 on If-None-Match, the caching headers of the caller's
 * kind, the request id and log line) is added as the response cache's replay does. Other credentials,
 * a failed login, a body, a method override, another representation, a global parameter (`_fields`…),
 * `password` or `context`, a read that gives no answer, and any failure go on to Express, which
 * answers as before: the front only ever answers what the route would, never an error.
 */
export function frontReadsRoad(reads: FrontReads, config: AppConfig, paths: CacheablePaths, trust: TrustProxy, logger: Logger, login: FrontLogin): Front {
  const shapes = new Map<string, Shape>();
  const warnings = new NestLogger('FrontReads');

  function learn(key: string, res: ServerResponse): void {
    recordAnswer(res, ({ headers }) => {
      shapes.delete(key);
      // The oldest shape leaves first: Map keeps insertion order.
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
      shapes.set(key, { headers, learned: Date.now() });
    });
  }

  function send(req: IncomingMessage, res: ServerResponse, shape: Shape, answer: FrontAnswer, started: number, caller: Caller): void {
    const id = requestIdOf(req, res);
    res.statusCode = 200;
    for (const [name, value] of shape.headers) {
      // The learned answer's own prev and next links are not this one's.
      if (name.toLowerCase() === 'link')
        res.setHeader(
          name,
          [value]
            .flat()
            .map(String)
            .filter((link) => !PAGE_LINK.test(link)),
        );
      else res.setHeader(name, value);
    }
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    for (const link of answer.links ?? []) res.appendHeader('Link', link);
    setCachingHeaders(res, isAuthenticated(caller));
    const body = answer.body;
    res.setHeader('Content-Length', body.length);
    const etag = entityTag(body, res);
    res.setHeader('ETag', etag);
    if (ifNoneMatchMatches(req, etag)) sendNotModified(res);
    else res.end(body);
    logAnsweredRequest(logger, req, res, id, started, caller.id);
  }

  return (req, res, onward) => {
    const url = req.url ?? '';
    const header = req.headers.authorization;
    if ((header !== undefined && !isLoginAttempt(header)) || representationOf(req.headers.accept) !== 'json') return onward();
    if (!isSharedRead(req, config, paths)) return onward();
    const [rawPath, query = ''] = splitOnce(url, '?');
    if (query && !frontQuery(query)) return onward();
    const rewritten = rewriteRestUrl(rawPath, config);
    const found = reads.match(rewritten.url);
    if (!found) return onward();
    const started = Date.now();
    const answer = (caller: Caller) => {
      // A caller's answers carry the headers of its capabilities (`Allow`, the private Cache-Control).
      const key = `${headersVariation(req, config)}\n${rawPath.slice(0, rawPath.lastIndexOf('/'))}\n${found.read.path.source}\n${capabilitiesKey(caller)}`;
      const shape = shapes.get(key);
      if (!shape || started - shape.learned > SHAPE_TTL_MS) {
        // One request learns the shape again; meanwhile the others keep the headers known.
        if (shape) shape.learned = started;
        learn(key, res);
        return onward();
      }
      requestScope.run(scopeOfRequest(req, !isAuthenticated(caller)), () => {
        found.read.answer({ match: found.match, query, origin: arrivalOrigin(req, trust), language: rewritten.language, caller }).then(
          (given) => (given === undefined ? onward() : send(req, res, shape, given, started, caller)),
          // The route answers with its own errors (a lost database: 503; a bad parameter: 400).
          (error: unknown) => {
            if (!(error instanceof RestError)) warnings.warn(`front read handed to the route: ${(error as Error)?.message}`);
            onward();
          },
        );
      });
    };
    if (header === undefined) return answer(ANONYMOUS);
    // Wrong credentials, a throttled client, a failed login: the authentication step answers them, from this very login.
    login(req, header).then(
      (caller) => (isAuthenticated(caller) ? answer(caller) : onward()),
      () => onward(),
    );
  };
}

/** Callers with the same capabilities get the same headers: their sorted names (kept per capability set). */
const capabilityKeys = new WeakMap<ReadonlySet<string>, string>();
function capabilitiesKey(caller: Caller): string {
  if (!isAuthenticated(caller)) return '';
  let key = capabilityKeys.get(caller.capabilities);
  if (key === undefined) capabilityKeys.set(caller.capabilities, (key = [...caller.capabilities].sort().join(' ')));
  return key;
}

/** A `Link` value of a page's navigation (the list's own, per answer). */
const PAGE_LINK = /;\s*rel="(prev|next)"/;
/** Parameters whose answer is not the route's JSON as it is: WordPress's global ones (`_fields`, `_envelope`, `_jsonp`…), a read's credentials, `rest_route`. */
const ROAD_PARAM = /^(_|password$|context$|rest_route$)/;

/** Whether a query leaves the answer to the front read: none of its parameters is a road parameter. */
function frontQuery(query: string): boolean {
  for (const name of new URLSearchParams(query).keys()) if (ROAD_PARAM.test(name.replace(/\[.*$/, ''))) return false;
  return true;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
