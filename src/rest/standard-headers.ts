import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../config/app-config';

/** The Content-Type of WordPress's JSON answers. */
export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

/** Headers WordPress sends on every REST response. */
export function standardHeaders(config: AppConfig) {
  return (req: Request, res: Response, next: NextFunction) => {
    const root = `${config.siteUrl ?? `${req.protocol}://${req.get('host')}`}${config.restRoot}/`;
    res.setHeader('Link', `<${root}>; rel="https://api.w.org/"`);
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Access-Control-Expose-Headers', 'X-WP-Total, X-WP-TotalPages, Link, X-TEC-Total, X-TEC-TotalPages');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type');
    next();
  };
}
