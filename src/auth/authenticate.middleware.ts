import type { NextFunction, Request, Response } from 'express';
import { RestRequest } from '../rest/request-context';
import { AuthService } from './auth.service';
import { ANONYMOUS, isAuthenticated } from './caller';
import { LoginThrottle, TooManyLoginFailures } from './login-throttle.service';

const BASIC = /^Basic\s/i;

/**
 * Runs before routing (as WordPress does): bad credentials are a 401 on every path, unknown ones
 * included. A client IP with too many failed logins gets 429 for any Basic attempt, right or wrong,
 * until its window ends (requests without credentials are not login attempts and pass).
 * Authenticated responses must never be cached by intermediaries.
 */
export function authenticateMiddleware(auth: AuthService, throttle: LoginThrottle) {
  return (req: Request, res: Response, next: NextFunction) => {
    const request = req as RestRequest;
    request.caller = ANONYMOUS;
    const header = req.header('authorization');
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const attempt = header !== undefined && BASIC.test(header);
    login(auth, throttle, header, attempt ? client : undefined)
      .then((caller) => {
        request.caller = caller;
        if (isAuthenticated(caller)) {
          res.setHeader('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
          res.setHeader('Expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
        }
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof TooManyLoginFailures) res.setHeader('Retry-After', String(error.retryAfter));
        next(error);
      });
  };
}

async function login(auth: AuthService, throttle: LoginThrottle, header: string | undefined, client: string | undefined) {
  if (client === undefined) return auth.authenticate(header);
  await throttle.assertAllowed(client);
  try {
    return await auth.authenticate(header);
  } catch (error) {
    if ((error as { status?: number }).status === 401) await throttle.recordFailure(client);
    throw error;
  }
}
