import { Logger as NestLogger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { requestScope, scopeOfRequest } from '../database/request-scope';
import { logAnsweredRequest, requestIdOf } from '../logging/request-logging';
import { RestError } from '../reasons/rest-error';
import type { Front } from '../rest/front-road';
import type { RestRequest } from '../rest/request-context';
import { recordAnswer, replayAnswer } from './answer-replay';
import { ANONYMOUS, isAuthenticated } from '../wordpress/caller';
import { CacheablePaths, CacheSlot, cacheSlotOf, KnownCaller } from './cacheable-request';
import { ERROR_CACHE_CONTROL } from './conditional-get';
import { DataFreshness } from './data-freshness';
import type { Dependencies } from './freshness';
import { MissFlights } from './miss-flights';
import { CachedAnswer, ResponseCache } from './response-cache';
import { withCurrentCounts } from './counts-at-replay';
import type { TermCounts } from './term-counts';

/** The connection of this response is gone: nobody would read an answer. */
function clientLeft(res: ServerResponse): boolean {
  return res.destroyed || !res.socket || res.socket.destroyed;
}

/**
 * The response cache (docs/caching.md) at its two places on the road of a request:
 * - `front`, before Express (src/rest/front-road.ts): a GET/HEAD whose stored answer is still valid (nothing it shows
 *   was written since: DataFreshness) — anonymous, or of a caller whose exact credentials the
 *   credential cache vouches for (`knownCaller`) — is written at once with the headers it was first
 *   sent with (a fresh request id), and logged as the request log does. This skips the whole Express
 *   stack, which costs several times the hit itself (docs/performance.md). Everything else goes on to
 *   Express;
 * - `step`, in Express after authentication: anonymous errors get `no-store`; a miss the front
 *   looked up runs the route and keeps its 200 answer under the generation the front's look found
 *   before any of its data (with read replicas: a look of its own, on its data's server), with what
 *   the route says it shows (dependencies.ts; one computation per key and generation at a time:
 *   MissFlights) — a caller's only when the road authenticated the user the front keyed it for.
 * Cached: the REST API and the paths other modules add to `paths` (the site's pages).
 * RESPONSE_CACHE_TTL_SECONDS=0: no cache, the Cache-Control policy stays.
 */
export function responseCache(
  db: DatabaseService,
  config: AppConfig,
  paths: CacheablePaths,
  knownCaller: KnownCaller,
  freshness: DataFreshness,
  termCounts: TermCounts,
) {
  const valid = (generation: number, dependencies: Dependencies) => freshness.valid(generation, dependencies);
  const cache =
    config.responseCacheTtlSeconds > 0 ? new ResponseCache(config.responseCacheTtlSeconds * 1000, config.responseCacheMaxEntries, valid) : undefined;
  const flights = new MissFlights();
  const warnings = new NestLogger('ResponseCache');
  /** A lost database (RestError) is answered by the road itself; anything else is worth a warning. */
  const warnUnlessLost = (error: unknown) => {
    if (!(error instanceof RestError)) warnings.warn(`data version unreadable, answering uncached: ${(error as Error)?.message}`);
  };
  // Requests the front looked up and missed, with their slots and the generation the look found, for the step.
  const missed = new WeakMap<IncomingMessage, { slot: CacheSlot; looked?: number }>();
  // With read replicas a miss looks again, on the server its data will come from; without, the front's
  // look (begun after the request arrived, before any of its data) is the one its answer is filed under.
  const ownLook = config.databaseReplicaUrls.length > 0;

  /** Answers the request when a valid answer is stored; else the generation the look found. */
  async function lookUp(req: IncomingMessage, res: ServerResponse, cache: ResponseCache, slot: CacheSlot, logger: Logger) {
    const started = Date.now();
    const current = await freshness.sync();
    const kept = current === undefined ? undefined : cache.fresh(slot.key);
    const cached = kept && (await withCounts(cache, slot.key, kept, current!));
    if (!cached) return { answered: false, looked: current };
    const id = requestIdOf(req, res);
    replayAnswer(cached, req, res, slot.userId !== 0);
    logAnsweredRequest(logger, req, res, id, started);
    return { answered: true };
  }

  /**
   * The kept answer with its term counts as they are at `generation` (the look this hit made), kept so
   * for the next hits; the answer itself when it holds none or they were found current since the last
   * write this instance saw; undefined (a miss) when they cannot be read as shared values here (SQLite
   * with a write transaction open).
   */
  async function withCounts(cache: ResponseCache, key: string, kept: CachedAnswer, generation: number): Promise<CachedAnswer | undefined> {
    if (!kept.counts.length || kept.countsAt === generation) return kept;
    const scope = requestScope.getStore();
    const mark = db.isMysql ? 0 : db.committedReadMark();
    if (!scope || mark === undefined) return undefined;
    // The counts are shared values read under this look; with read replicas the counts' own look is
    // made on the server they come from (RequestDataVersion).
    if (!ownLook) scope.dataVersion = { generation, mark };
    const counts = await termCounts.current(
      kept.counts.map((place) => place.termTaxonomyId),
      false,
    );
    if (!counts) return undefined;
    const answer = withCurrentCounts(kept, counts);
    // Until this instance sees another write, the next hits need no look at the counts (with read
    // replicas every hit looks: its counts come from a server that may lag the front's look).
    const countsAt = ownLook ? undefined : generation;
    if (answer !== kept) cache.replace(key, kept, { ...answer, countsAt });
    else if (countsAt !== undefined) kept.countsAt = Math.max(kept.countsAt ?? 0, countsAt);
    return answer;
  }

  /** The front (src/rest/front-road.ts): stored answers, none without a cache. */
  function front(logger: Logger): Front | undefined {
    if (!cache) return undefined;
    return (req, res, onward) => {
      const slot = cacheSlotOf(req, config, paths, knownCaller);
      if (slot === undefined) return onward();
      // Only anonymous reads may go to a read replica (request-scope.middleware.ts).
      requestScope.run(scopeOfRequest(req, slot.userId === 0), () => {
        lookUp(req, res, cache, slot, logger).then(
          ({ answered, looked }) => {
            if (answered) return;
            missed.set(req, { slot, looked });
            onward();
          },
          // Version unreadable: the Express road answers, with its own errors (503 for a lost database).
          (error: unknown) => {
            warnUnlessLost(error);
            onward();
          },
        );
      });
    };
  }

  async function computeMiss(req: RestRequest, res: Response, next: NextFunction, cache: ResponseCache, { key, userId }: CacheSlot, looked?: number) {
    // SQLite: reads share an open transaction's connection; only answers read while none ran are kept.
    const mark = db.isMysql ? 0 : db.committedReadMark();
    if (mark === undefined) return next();
    const generation = looked !== undefined && !ownLook ? looked : await freshness.syncOwn();
    if (generation === undefined) return next();
    const scope = requestScope.getStore();
    if (scope) scope.dataVersion = { generation, mark };
    // Wait while another request computes this answer. If it ends without one (its client left, it
    // failed), the next waiter computes it while the others keep waiting, and a waiter whose own
    // client has left computes nothing: one computation at a time, never one per waiter.
    for (let leader = flights.wait(key, generation); leader; leader = flights.wait(key, generation)) {
      await leader;
      const computed = cache.fresh(key);
      if (computed) return replayAnswer(computed, req, res, userId !== 0);
      if (clientLeft(res)) return;
    }
    flights.lead(key, generation, res);
    recordAnswer(res, (recorded) => {
      // What the route collected while it ran (dependencies.ts): the answer is retired by those keys only.
      const dependencies = scope?.dependencies && new Set(scope.dependencies);
      if (db.isMysql || db.committedReadMark() === mark)
        cache.store(key, { ...recorded, generation, dependencies, countsAt: ownLook ? undefined : generation });
    });
    next();
  }

  function step(req: Request, res: Response, next: NextFunction): void {
    const caller = (req as RestRequest).caller ?? ANONYMOUS;
    const { slot, looked } = missed.get(req) ?? {};
    // Anonymous errors of the REST API's reads must not be kept by any cache (authenticated answers
    // already carry WordPress's private no-store headers).
    if (!isAuthenticated(caller) && isCoveredRead(req, paths)) res.setHeader('Cache-Control', ERROR_CACHE_CONTROL);
    // The front keyed the slot for the user its credentials were vouched for: kept only for that user.
    if (!cache || slot === undefined || slot.userId !== caller.id) return next();
    computeMiss(req as RestRequest, res, next, cache, slot, looked).catch((error: unknown) => {
      // A lost database answers 503 at once; anything else: answer uncached rather than fail.
      warnUnlessLost(error);
      next(error instanceof RestError ? error : undefined);
    });
  }

  return { front, step };
}

/** A GET/HEAD of the REST API or a covered path without a body, after the pipeline rewrote its URL. */
function isCoveredRead(req: Request, paths: CacheablePaths): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) return false;
  return paths.covers(req.url);
}
