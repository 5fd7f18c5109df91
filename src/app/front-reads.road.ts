import { Logger as NestLogger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { recordAnswer, RecordedAnswer } from '../cache/answer-replay';
import { CacheablePaths, headersVariation, isSharedRead } from '../cache/cacheable-request';
import { entityTag, ifNoneMatchMatches, PUBLIC_CACHE_CONTROL, sendNotModified } from '../cache/conditional-get';
import { AppConfig } from '../config/app-config';
import { requestScope, scopeOfRequest } from '../database/request-scope';
import { logAnsweredRequest, requestIdOf } from '../logging/request-logging';
import type { Front } from '../rest/front-road';
import { FrontAnswer, FrontReads } from '../rest/front-reads';
import { RestError } from '../reasons/rest-error';
import { rewriteRestUrl } from '../rest/http-pipeline';
import { representationOf } from '../rest/representation';
import { arrivalOrigin } from '../rest/request-context';

/** Express's `trust proxy fn`: whether the proxy at `address` is trusted. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Header sets kept at once: their keys hold header values any client chooses. */
const MAX_SHAPES = 256;
/** How long a learned header set is used before the route's next answer teaches it again. */
const SHAPE_TTL_MS = 60_000;

interface Shape {
  headers: RecordedAnswer['headers'];
  learned: number;
}

/**
 * The front road of anonymous reads (FrontReads: a single event by ID or slug from its read model
 * row, every list by its own handler), before Express, when no response cache keeps answers
 * (RESPONSE_CACHE_TTL_SECONDS=0). The body and the answer's own headers (a list's totals and page
 * links) are the read's; the other headers are those the route itself sent last for the same shape
 * of request — the same path but for its last segment, the same headersVariation — learned from its
 * answer (a shape not yet seen, or learned over a minute ago, goes the whole road once). What the
 * route would add of its own (ETag, 304 on If-None-Match, the public Cache-Control, the request id
 * and log line) is added as the response cache's replay does. Credentials, a body, a method override,
 * another representation, a global parameter (`_fields`…), `password` or `context`, a read that gives
 * no answer, and any failure go on to Express, which answers as before: the front only ever answers
 * what the route would, never an error.
 */
export function frontReadsRoad(reads: FrontReads, config: AppConfig, paths: CacheablePaths, trust: TrustProxy, logger: Logger): Front {
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

  function send(req: IncomingMessage, res: ServerResponse, shape: Shape, answer: FrontAnswer, started: number): void {
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
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    const body = Buffer.from(answer.text, 'utf8');
    res.setHeader('Content-Length', body.length);
    const etag = entityTag(body, res);
    res.setHeader('ETag', etag);
    if (ifNoneMatchMatches(req, etag)) sendNotModified(res);
    else res.end(body);
    logAnsweredRequest(logger, req, res, id, started);
  }

  return (req, res, onward) => {
    const url = req.url ?? '';
    if (req.headers.authorization !== undefined || representationOf(req.headers.accept) !== 'json') return onward();
    if (!isSharedRead(req, config, paths)) return onward();
    const [rawPath, query = ''] = splitOnce(url, '?');
    if (query && !frontQuery(query)) return onward();
    const rewritten = rewriteRestUrl(rawPath, config);
    const found = reads.match(rewritten.url);
    if (!found) return onward();
    const key = `${headersVariation(req, config)}\n${rawPath.slice(0, rawPath.lastIndexOf('/'))}\n${found.read.path.source}`;
    const shape = shapes.get(key);
    const now = Date.now();
    if (!shape || now - shape.learned > SHAPE_TTL_MS) {
      // One request learns the shape again; meanwhile the others keep the headers known.
      if (shape) shape.learned = now;
      learn(key, res);
      return onward();
    }
    requestScope.run(scopeOfRequest(req, true), () => {
      found.read.answer({ match: found.match, query, origin: arrivalOrigin(req, trust), language: rewritten.language }).then(
        (answer) => (answer === undefined ? onward() : send(req, res, shape, answer, now)),
        // The route answers with its own errors (a lost database: 503; a bad parameter: 400).
        (error: unknown) => {
          if (!(error instanceof RestError)) warnings.warn(`front read handed to the route: ${(error as Error)?.message}`);
          onward();
        },
      );
    });
  };
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
