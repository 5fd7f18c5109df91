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
import { FrontReads } from '../rest/front-reads';
import { RestError } from '../reasons/rest-error';
import { rewriteRestUrl } from '../rest/http-pipeline';
import { representationOf } from '../rest/representation';

/** Header sets kept at once: their keys hold header values any client chooses. */
const MAX_SHAPES = 256;
/** How long a learned header set is used before the route's next answer teaches it again. */
const SHAPE_TTL_MS = 60_000;

interface Shape {
  headers: RecordedAnswer['headers'];
  learned: number;
}

/**
 * The front road of the read model's anonymous reads (FrontReads: a single event by ID or slug),
 * before Express, when no response cache keeps answers (RESPONSE_CACHE_TTL_SECONDS=0): the body is the read's JSON text, the
 * headers those the route itself sent last for the same shape of request — the same URL but for its
 * last segment, the same headersVariation — learned from its answer (a shape not yet seen, or seen
 * over a minute ago, goes the whole road once). What the route would add of its own (ETag, 304 on
 * If-None-Match, the public Cache-Control, the request id and log line) is added as the response
 * cache's replay does. A request with credentials, a query, a body, a method override or another
 * representation, a read that gives no text, and any failure go on to Express, which answers as
 * before: the front only ever answers what the route would, never an error.
 */
export function frontReadsRoad(reads: FrontReads, config: AppConfig, paths: CacheablePaths, logger: Logger): Front {
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

  function send(req: IncomingMessage, res: ServerResponse, shape: Shape, text: string, started: number): void {
    const id = requestIdOf(req, res);
    res.statusCode = 200;
    for (const [name, value] of shape.headers) res.setHeader(name, value);
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    const body = Buffer.from(text, 'utf8');
    res.setHeader('Content-Length', body.length);
    const etag = entityTag(body, res);
    res.setHeader('ETag', etag);
    if (ifNoneMatchMatches(req, etag)) sendNotModified(res);
    else res.end(body);
    logAnsweredRequest(logger, req, res, id, started);
  }

  return (req, res, onward) => {
    const url = req.url ?? '';
    if (req.headers.authorization !== undefined || url.includes('?') || representationOf(req.headers.accept) !== 'json') return onward();
    if (!isSharedRead(req, config, paths)) return onward();
    const found = reads.match(rewriteRestUrl(url, config).url);
    if (!found) return onward();
    const key = `${headersVariation(req, config)}\n${url.slice(0, url.lastIndexOf('/'))}\n${found.read.path.source}`;
    const shape = shapes.get(key);
    const now = Date.now();
    if (!shape || now - shape.learned > SHAPE_TTL_MS) {
      // One request learns the shape again; meanwhile the others keep the headers known.
      if (shape) shape.learned = now;
      learn(key, res);
      return onward();
    }
    requestScope.run(scopeOfRequest(req, true), () => {
      found.read.answer(found.match).then(
        (text) => (text === undefined ? onward() : send(req, res, shape, text, now)),
        // The route answers with its own errors (a lost database: 503; a slug that leaves nothing: 400).
        (error: unknown) => {
          if (!(error instanceof RestError)) warnings.warn(`front read handed to the route: ${(error as Error)?.message}`);
          onward();
        },
      );
    });
  };
}
