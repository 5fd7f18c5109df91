import type { NextFunction, Request, Response } from 'express';
import { isAuthenticated } from '../wordpress/caller';
import type { RestRequest } from './request-context';
import { requestScope, scopeOfRequest } from '../database/request-scope';

/**
 * Express step (after authentication) that gives the rest of the request its data-layer scope (the
 * one the response cache's front entered, if it did). Only anonymous GET/HEAD requests may read from
 * replicas: authenticated callers are the ones who write, so they always read the primary and see
 * their own writes at once.
 */
export function enterRequestScope(req: Request, _res: Response, next: NextFunction): void {
  const caller = (req as RestRequest).caller;
  const preferReplica = (req.method === 'GET' || req.method === 'HEAD') && caller !== undefined && !isAuthenticated(caller);
  requestScope.run(scopeOfRequest(req, preferReplica), next);
}
