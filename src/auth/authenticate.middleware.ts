import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { PRIVATE_CACHE_HEADERS } from '../cache/conditional-get';
import { requestScope, scopeOfRequest } from '../database/request-scope';
import { RestRequest } from '../rest/request-context';
import { AuthService } from './auth.service';
import { ANONYMOUS, Caller, isAuthenticated } from '../wordpress/caller';
import { LoginThrottle, TooManyLoginFailures } from './login-throttle.service';

const BASIC = /^Basic\s/i;

/** Logins the front road started before Express (startLogin): the authentication step finishes these instead of starting another. */
const startedLogins = new WeakMap<IncomingMessage, Promise<Caller>>();

/** Whether `header` is a login attempt (HTTP Basic): any other Authorization header is anonymous. */
export function isLoginAttempt(header: string | undefined): header is string {
  return header !== undefined && BASIC.test(header);
}

/**
 * Starts the login of a request with Basic credentials from `client` before Express (the front road,
 * src/app/front-reads.road.ts), as the authentication step would: the step then takes this login's
 * outcome (a caller, or the 401 or 429 it answers) instead of logging in again, so an attempt is
 * counted and checked once.
 */
export function startLogin(auth: AuthService, throttle: LoginThrottle, req: IncomingMessage, header: string, client: string): Promise<Caller> {
  const loggingIn = attemptLogin(auth, throttle, req, header, client);
  startedLogins.set(req, loggingIn);
  return loggingIn;
}

/**
 * A login's reads (the data version, the roles with the site settings) are the request's: an
 * authenticated caller's scope is the primary's, as the request scope step would make it.
 */
function attemptLogin(auth: AuthService, throttle: LoginThrottle, req: IncomingMessage, header: string, client: string): Promise<Caller> {
  return requestScope.run(scopeOfRequest(req, false), () => login(auth, throttle, header, client));
}

/**
 * Runs before routing (as WordPress does): bad credentials are a 401 on every path, unknown ones
 * included. A client IP with too many failed logins gets 429 for any Basic attempt, right or wrong,
 * until its window ends (requests without credentials are not login attempts and pass). A header
 * the same client got verified within AUTH_CACHE_SECONDS is not checked again (credential-cache.service.ts)
 * unless a login of that client failed on this instance since, or the data version shows a write of
 * users, passwords or roles anywhere since (another instance, the CLI); so a client blocked only through
 * other instances' counts keeps, until that entry expires, the one header it proved right here.
 * Authenticated responses must never be cached by intermediaries.
 */
export function authenticateMiddleware(auth: AuthService, throttle: LoginThrottle) {
  return (req: Request, res: Response, next: NextFunction) => {
    const request = req as RestRequest;
    request.caller = ANONYMOUS;
    const header = req.header('authorization');
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const loggingIn =
      startedLogins.get(req) ?? (isLoginAttempt(header) ? attemptLogin(auth, throttle, req, header, client) : login(auth, throttle, header, undefined));
    loggingIn
      .then((caller) => {
        request.caller = caller;
        if (isAuthenticated(caller)) {
          for (const [name, value] of PRIVATE_CACHE_HEADERS) res.setHeader(name, value);
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
  // What other processes committed (a role granted, a password revoked) is known before memory is used.
  const version = await auth.lookForChanges();
  // This client proved this very header moments ago, failed no login here since, and its user's
  // credentials were written nowhere since: no new check.
  const remembered = throttle.failedHere(client) || version === undefined ? undefined : auth.remembered(header!, client);
  if (remembered) return remembered;
  // The login's reads start first, so they and the throttle's place share one round trip.
  const reads = auth.startReads(header);
  return throttle.attempt(client, () => auth.authenticate(header, client, version, reads));
}
