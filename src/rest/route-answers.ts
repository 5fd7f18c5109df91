import type { NextFunction, Request, Response } from 'express';
import { shapeAnswer } from './global-params';
import { JSON_CONTENT_TYPE } from './standard-headers';
import { RestRequest } from './request-context';

/** What the route table tells the road about the route a request path matches. */
export interface RouteDescriber {
  /** Methods of the matched route the request's caller may use; undefined when no route matches. */
  allowedMethods(req: RestRequest): string[] | undefined;
  /** The matched route's description object (as in the namespace index); undefined when none matches. */
  describeRoute(req: RestRequest): Promise<unknown>;
}

/**
 * The step that needs the route table and the caller, after authentication: the `Allow` header of the
 * matched route (WP core: the methods the caller may use) and OPTIONS answered as WordPress does —
 * the route's description, or `[]` (200) for a path that matches no route.
 */
export function allowAndOptions(routes: () => RouteDescriber) {
  return (req: Request, res: Response, next: NextFunction) => {
    const request = req as RestRequest;
    const allowed = routes().allowedMethods(request);
    if (allowed) res.setHeader('Allow', allowed.join(', '));
    if (req.method !== 'OPTIONS') return next();
    routes()
      .describeRoute(request)
      .then((description) => {
        res.status(200);
        const payload = Buffer.from(JSON.stringify(shapeAnswer(req, res, description ?? [], false)), 'utf8');
        res.setHeader('Content-Type', JSON_CONTENT_TYPE);
        res.setHeader('Content-Length', payload.length);
        res.end(payload);
      })
      .catch(next);
  };
}
