import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { AppConfig } from '../config/app-config';

const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const PREFLIGHT_MAX_AGE = '600';

/**
 * Helmet's headers with a Content-Security-Policy that Swagger UI at /docs works under (its page
 * loads same-origin scripts, inline styles and data: images, and "Try it out" fetches same-origin).
 * `upgrade-insecure-requests` is left out: the service may be served over plain HTTP behind a proxy.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // An API is read cross-origin through CORS; CORP would only stop no-cors embeds of JSON.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}

/**
 * CORS from CORS_ORIGINS (off by default): an allowed Origin is echoed (or `*`), and its preflight
 * (OPTIONS with Access-Control-Request-Method) answered 204. Other OPTIONS requests still get the
 * WordPress route description, and a disallowed origin simply gets no CORS headers.
 */
export function cors(config: AppConfig) {
  const allowed = config.corsOrigins;
  const allows = (origin: string) => allowed === '*' || allowed.includes(origin);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.header('origin');
    if (!origin || !allows(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', allowed === '*' ? '*' : origin);
    if (allowed !== '*') res.append('Vary', 'Origin');
    if (req.method !== 'OPTIONS' || !req.header('access-control-request-method')) return next();
    res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
    res.setHeader('Access-Control-Allow-Headers', req.header('access-control-request-headers') ?? 'Authorization, Content-Type');
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
    res.status(204).setHeader('Content-Length', '0');
    res.end();
  };
}

/** Whether CORS_ORIGINS allows any origin (else the CORS step is left off the road). */
export function corsConfigured(config: AppConfig): boolean {
  return config.corsOrigins === '*' || config.corsOrigins.length > 0;
}
