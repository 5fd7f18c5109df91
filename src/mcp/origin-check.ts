import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';
import type { SiteService } from '../wordpress/site.service';

/** Host names only this machine reaches the server at. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a browser's request may not use the MCP endpoint (DNS rebinding protection, as the MCP transport
 * specification asks), or undefined. Allowed: no Origin (non-browser clients), an origin of CORS_ORIGINS
 * (or any with `*`), the site's own origin. The site's own origin is SITE_URL's or the `home` option's;
 * when the site's address follows the request, only a loopback one: a rebound name (`rebind.example`
 * resolving to this server) sends a Host and an Origin that agree, so agreeing proves nothing.
 */
export async function originRefusal(req: Request, config: AppConfig, site: SiteService): Promise<string | undefined> {
  const origin = req.header('origin');
  if (origin === undefined) return undefined;
  if (config.corsOrigins === '*' || config.corsOrigins.includes(origin)) return undefined;
  // '' back: no address is configured, the site's address is the request's.
  const configured = await site.publicBase('');
  const own = configured ? originOf(configured) : LOOPBACK.test(req.hostname) ? `${req.protocol}://${req.get('host')}` : undefined;
  if (origin === own) return undefined;
  return `Forbidden: a page at ${origin} may not use this MCP endpoint (DNS rebinding protection); a browser application's origin must be listed in CORS_ORIGINS.`;
}
