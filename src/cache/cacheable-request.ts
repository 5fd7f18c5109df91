import { ANONYMOUS, isAuthenticated } from '../auth/caller';
import { AppConfig } from '../config/app-config';
import { INTERNAL_REST_ROOT } from '../rest/http-pipeline';
import type { RestRequest } from '../rest/request-context';

const DAY_MS = 86_400_000;

/** Anonymous GET/HEAD of the REST API without a body (a body could carry parameters). */
export function isCacheable(req: RestRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (isAuthenticated(req.caller ?? ANONYMOUS)) return false;
  if (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) return false;
  const root = req.url.slice(0, INTERNAL_REST_ROOT.length + 1).toLowerCase();
  return root === INTERNAL_REST_ROOT || root === `${INTERNAL_REST_ROOT}/` || root === `${INTERNAL_REST_ROOT}?`;
}

/**
 * Everything an anonymous answer depends on besides the data: the rewritten URL (query included), the
 * language (prefix or Accept-Language), the UTC day (GET /events' default window starts "yesterday"),
 * and the origin the request came to when SITE_URL does not fix the links. HEAD shares GET's entry.
 */
export function cacheKeyOf(req: RestRequest, config: AppConfig): string {
  const origin = config.siteUrl ? '' : `${req.protocol}://${req.get('host')}`;
  return `${Math.floor(Date.now() / DAY_MS)}\n${req.restLanguage ?? ''}\n${req.headers['accept-language'] ?? ''}\n${origin}\n${req.url}`;
}
