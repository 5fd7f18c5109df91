import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/app-config';
import { isRestUrl, MAX_URL_LENGTH, overridesMethod, rewriteRestUrl } from '../rest/http-pipeline';
import { representationOf } from '../rest/representation';
import { uncachedCollectionPaths } from '../resources/resource-registry';

/** Every UTC offset in use is a whole number of quarter hours: a key per quarter hour changes at every local midnight. */
const QUARTER_HOUR_MS = 900_000;
const BASIC = /^Basic\s/i;

/**
 * The user whose Basic credentials, exactly as this request sends them, this client proved moments
 * ago (the credential cache, docs/decisions.md): undefined when they must be checked on the road.
 */
export type KnownCaller = (req: IncomingMessage, header: string) => number | undefined;

/** Where a request's answer is kept: its key, and the user it is kept for (0: anonymous). */
export interface CacheSlot {
  key: string;
  userId: number;
}

/**
 * Paths outside the REST API whose anonymous answers are cached like its own (the site's pages,
 * src/site/): a module adds its matcher when it serves them. One per application, so apps with
 * different settings in one process never share matchers.
 */
@Injectable()
export class CacheablePaths {
  private readonly matchers: ((path: string) => boolean)[] = [];

  add(matcher: (path: string) => boolean): void {
    this.matchers.push(matcher);
  }

  /** Whether the (rewritten) request URL is the REST API or one of the added paths. */
  covers(url: string): boolean {
    if (isRestUrl(url)) return true;
    const path = url.split('?')[0];
    return this.matchers.some((matches) => matches(path));
  }
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * A GET/HEAD of the REST API or another covered path without a body (a body could carry
 * parameters) or a method override, outside the collections declared `responseCache: false`.
 */
export function isSharedRead(req: IncomingMessage, config: AppConfig, paths: CacheablePaths): boolean {
  const url = req.url ?? '';
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (overridesMethod(req) || hasBody(req) || url.length > MAX_URL_LENGTH) return false;
  const rewritten = rewriteRestUrl(url, config).url;
  if (!paths.covers(rewritten)) return false;
  const path = rewritten.split('?')[0].toLowerCase().replace(/\/+$/, '');
  return !uncachedCollectionPaths().some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The cache slot of a request as it arrives, before any step has run; undefined when its answer is
 * not kept: another method asked for, a body, a URL the pipeline refuses or one outside the REST API
 * and the covered paths, credentials other than a Basic header the credential cache vouches for.
 * Besides the raw URL (query and language prefix included) the key holds everything else an answer
 * depends on: Accept-Language, the quarter hour (GET /events' default window starts "yesterday" and the
 * month grid marks "today", both in the site's zone), Origin
 * (CORS headers), the representation `Accept` chooses (never the raw header: the key must be the
 * choice the route makes, or one request could store an answer another gets), when SITE_URL
 * does not fix the links the host and scheme the request came to, and for a caller the user and a
 * SHA-256 of the exact header: a caller's answers are only ever given back to that same credential,
 * and only while the credential cache still vouches for it. HEAD shares GET's entry.
 */
export function cacheSlotOf(req: IncomingMessage, config: AppConfig, paths: CacheablePaths, knownCaller: KnownCaller): CacheSlot | undefined {
  if (!isSharedRead(req, config, paths)) return undefined;
  const h = req.headers;
  let userId = 0;
  let credential = '';
  if (h.authorization !== undefined) {
    if (!BASIC.test(h.authorization)) return undefined;
    const known = knownCaller(req, h.authorization);
    if (!known) return undefined;
    userId = known;
    credential = createHash('sha256').update(h.authorization).digest('base64');
  }
  const quarter = Math.floor(Date.now() / QUARTER_HOUR_MS);
  return { key: `${userId}\n${credential}\n${quarter}\n${headersVariation(req, config)}\n${req.url ?? ''}`, userId };
}

/**
 * What, besides its URL, caller and time, decides an answer's headers and body: Accept-Language, Origin,
 * the representation `Accept` chooses and, when SITE_URL does not fix the links, the host and scheme
 * the request came to.
 */
export function headersVariation(req: IncomingMessage, config: AppConfig): string {
  const h = req.headers;
  const origin = config.siteUrl ? '' : `${h['x-forwarded-proto'] ?? ''} ${h['x-forwarded-host'] ?? ''} ${h.host ?? ''}`;
  return `${h['accept-language'] ?? ''}\n${h.origin ?? ''}\n${representationOf(h.accept)}\n${origin}`;
}
