import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { RestError } from '../rest/rest-error';
import type { RestRequest } from '../rest/request-context';
import { recordAnswer, replayAnswer } from './answer-replay';
import { cacheKeyOf, isCacheable } from './cacheable-request';
import { ERROR_CACHE_CONTROL } from './conditional-get';
import { readDataVersion } from './data-version';
import { MissFlights } from './miss-flights';
import { ResponseCache } from './response-cache';
import { SharedVersionRead } from './shared-version-read';

/**
 * Express step after authentication and the request scope (README "Caching"): anonymous GET/HEAD
 * requests of the REST API are answered from the per-instance ResponseCache while the data version is
 * still the one the answer was read under; otherwise the route runs and its 200 answer is kept under
 * the version this request read before any of its data. Anonymous errors get `no-store`.
 * RESPONSE_CACHE_TTL_SECONDS=0: no cache, the Cache-Control policy stays.
 */
export function responseCache(db: DatabaseService, config: AppConfig) {
  const logger = new Logger('ResponseCache');
  const cache = config.responseCacheTtlSeconds > 0 ? new ResponseCache(config.responseCacheTtlSeconds * 1000, config.responseCacheMaxEntries) : undefined;
  const versions = new SharedVersionRead();
  const flights = new MissFlights();

  async function answer(req: RestRequest, res: Response, next: NextFunction, cache: ResponseCache): Promise<void> {
    const key = cacheKeyOf(req, config);
    const current = await versions.read(() => readDataVersion(db.sql));
    // No version row: nothing can be kept safely.
    if (current === undefined) return next();
    const cached = cache.fresh(key, current);
    if (cached) return replayAnswer(cached, req, res);
    // SQLite: reads share an open transaction's connection; only answers read while none ran are kept.
    const mark = db.isMysql ? 0 : db.committedReadMark();
    if (mark === undefined) return next();
    // This request's own read, through its own scope: from the server its data will come from.
    const version = await readDataVersion(db.sql);
    if (version === undefined) return next();
    const leader = flights.wait(key, version);
    if (leader) {
      await leader;
      const computed = cache.fresh(key, version);
      if (computed) return replayAnswer(computed, req, res);
    } else {
      flights.lead(key, version, res);
    }
    recordAnswer(res, (recorded) => {
      if (db.isMysql || db.committedReadMark() === mark) cache.store(key, { ...recorded, version });
    });
    next();
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheable(req as RestRequest)) return next();
    res.setHeader('Cache-Control', ERROR_CACHE_CONTROL);
    if (!cache) return next();
    answer(req as RestRequest, res, next, cache).catch((error: unknown) => {
      // A lost database answers 503 at once; anything else: answer uncached rather than fail.
      if (error instanceof RestError) return next(error);
      logger.warn(`data version unreadable, answering uncached: ${(error as Error)?.message}`);
      next();
    });
  };
}
