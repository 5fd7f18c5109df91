import type { IncomingMessage } from 'node:http';
import { ANONYMOUS, isAuthenticated } from '../auth/caller';
import { AppConfig } from '../config/app-config';
import { isRestUrl, MAX_URL_LENGTH, overridesMethod, rewriteRestUrl } from '../rest/http-pipeline';
import type { RestRequest } from '../rest/request-context';

const DAY_MS = 86_400_000;

/** Anonymous GET/HEAD of the REST API without a body (a body could carry parameters). */
export function isCacheable(req: RestRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (isAuthenticated(req.caller ?? ANONYMOUS)) return false;
  return !hasBody(req) && isRestUrl(req.url);
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * The cache key of a request as it arrives, before any step has run; undefined when its answer is
 * not shared: credentials of any kind, another method asked for, a body, a URL the pipeline refuses
 * or one outside the REST API. Besides the raw URL (query and language prefix included) the key holds
 * everything else an anonymous answer depends on: Accept-Language, the UTC day (GET /events' default
 * window starts "yesterday"), Origin (CORS headers) and, when SITE_URL does not fix the links, the
 * host and scheme the request came to. HEAD shares GET's entry.
 */
export function cacheKeyOf(req: IncomingMessage, config: AppConfig): string | undefined {
  const url = req.url ?? '';
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.authorization !== undefined || overridesMethod(req) || hasBody(req)) return undefined;
  if (url.length > MAX_URL_LENGTH || !isRestUrl(rewriteRestUrl(url, config).url)) return undefined;
  const h = req.headers;
  const origin = config.siteUrl ? '' : `${h['x-forwarded-proto'] ?? ''} ${h['x-forwarded-host'] ?? ''} ${h.host ?? ''}`;
  return `${Math.floor(Date.now() / DAY_MS)}\n${h['accept-language'] ?? ''}\n${h.origin ?? ''}\n${origin}\n${url}`;
}
