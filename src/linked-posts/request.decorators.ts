import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The origin the request reached (`http://host:port`), PUBLIC_BASE's fallback. */
export const RequestOrigin = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return `${req.protocol}://${req.get('host')}`;
});

/** The read credentials of auth-and-permissions.md §4.4: `password` and `context`, from query or body. */
export interface ReadCredentials {
  password?: string;
  context?: string;
}

/**
 * TEC's venue/organizer routes do not declare `password` or `context`, yet WordPress hands every
 * request parameter to the handler; they are read here so they stay out of the routes' arguments.
 */
export const Credentials = createParamDecorator((_: unknown, ctx: ExecutionContext): ReadCredentials => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const pick = (name: string) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined;
    const value = body ?? (req.query as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  return { password: pick('password'), context: pick('context') };
});
