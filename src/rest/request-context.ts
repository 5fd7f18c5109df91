import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { ANONYMOUS, type Caller } from '../wordpress/caller';
import { undeclaredParam } from './undeclared-param';

/** What the request road (src/app/request-road.ts) attaches to each request before routing. */
export interface RestRequest extends Request {
  /** Language from the `/{lang}/wp-json/...` prefix, when the request used one. */
  restLanguage?: string;
  /** Set when a JSON body could not be parsed; reported as rest_invalid_json at the parameter stage. */
  jsonError?: string;
  caller: Caller;
  /** The handlers' view of the request, built on first use (requestContextOf). */
  requestContext?: RequestContext;
}

/** The read credentials of auth-and-permissions.md §4.4: `password` and `context`, from query or body. */
export interface ReadCredentials {
  password?: string;
  context?: string;
}

/** What every handler needs to know about its request besides its parameters. */
export interface RequestContext {
  /** The authenticated user (or ANONYMOUS), as the road's authentication found it. */
  caller: Caller;
  /** The origin the request reached (`http://host:port`), PUBLIC_BASE's fallback for URLs. */
  origin: string;
  /**
   * TEC's routes do not all declare `password` or `context`, yet WordPress hands every request
   * parameter to the handler; they are read here so they stay out of the routes' arguments.
   */
  credentials: ReadCredentials;
  /** The language the URL asked for (`/{lang}/wp-json/...`); I18nService weighs it with the headers. */
  language?: string;
}

/** The request's context, built once per request. */
export function requestContextOf(req: RestRequest): RequestContext {
  return (req.requestContext ??= {
    caller: req.caller ?? ANONYMOUS,
    origin: `${req.protocol}://${req.get('host')}`,
    credentials: { password: stringParam(req, 'password'), context: stringParam(req, 'context') },
    language: req.restLanguage,
  });
}

/**
 * The origin `requestContextOf` gives (`req.protocol` and the Host header), for a request Express has
 * not seen yet (the front road): the scheme is X-Forwarded-Proto's only from a proxy `trust` trusts.
 */
export function arrivalOrigin(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  let protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (trust(req.socket.remoteAddress!, 0)) protocol = ([req.headers['x-forwarded-proto']].flat()[0] || protocol).split(',')[0].trim();
  return `${protocol}://${req.headers.host}`;
}

function stringParam(req: Request, name: string): string | undefined {
  const value = undeclaredParam(req, name);
  return typeof value === 'string' ? value : undefined;
}

/** `@RequestCtx() ctx: RequestContext`: the handler's one parameter for who asks, where and how. */
export const RequestCtx = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestContext =>
  requestContextOf(ctx.switchToHttp().getRequest<RestRequest>()),
);
