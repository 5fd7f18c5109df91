import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { RestRequest } from '../rest/request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** An incoming id is echoed only when it is short and made of safe characters (it lands in logs). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The request's id: the caller's X-Request-Id when sane, else a new UUID; echoed in the response. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The path without its query string: query values may hold secrets (e.g. `password`). */
function pathOf(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0];
  return path.length > 512 ? `${path.slice(0, 512)}…` : path;
}

/** The line `requestLogging` writes, for an anonymous answer sent before Express (the response cache). */
export function logAnsweredRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, id: string, startedMs: number, user = 0): void {
  logger.info(
    {
      reqId: id,
      req: { id, method: req.method, path: pathOf(req.url) },
      res: { status: res.statusCode },
      responseTime: Date.now() - startedMs,
      ...(user > 0 && { user }),
    },
    requestLine(req, res),
  );
}

/** The message of a request's log line: method, path (the URL before rewriting) and status. */
function requestLine(req: IncomingMessage, res: ServerResponse): string {
  return `${req.method} ${pathOf((req as RestRequest).originalUrl ?? req.url)} ${res.statusCode}`;
}

/**
 * One JSON line per request when it ends: request id, method, path, status, duration (`responseTime`,
 * ms) and the authenticated user's ID. Headers, query and body are never logged.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestIdOf,
    quietReqLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: requestLine,
    customErrorMessage: requestLine,
    customProps: (req) => {
      const caller = (req as Partial<RestRequest>).caller;
      return caller && caller.id > 0 ? { user: caller.id } : {};
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
