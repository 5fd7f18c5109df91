import type { NextFunction, Request, Response } from 'express';
import { RestRequest } from '../rest/request-context';
import { AuthService } from './auth.service';
import { ANONYMOUS, isAuthenticated } from './caller';

/**
 * Runs before routing (as WordPress does): bad credentials are a 401 on every path, unknown ones
 * included. Authenticated responses must never be cached by intermediaries.
 */
export function authenticateMiddleware(auth: AuthService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const request = req as RestRequest;
    request.caller = ANONYMOUS;
    auth
      .authenticate(req.header('authorization'))
      .then((caller) => {
        request.caller = caller;
        if (isAuthenticated(caller)) {
          res.setHeader('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
          res.setHeader('Expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
        }
        next();
      })
      .catch(next);
  };
}
