import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ANONYMOUS } from '../auth/caller';
import { RestRequest } from '../rest/request-context';
import type { TermRequest } from './terms.service';

/** The caller and the origin the request came to (PUBLIC_BASE fallback for URLs). */
export const CurrentTermRequest = createParamDecorator((_: unknown, ctx: ExecutionContext): TermRequest => {
  const req = ctx.switchToHttp().getRequest<RestRequest>();
  return { caller: req.caller ?? ANONYMOUS, origin: `${req.protocol}://${req.get('host')}` };
});

/**
 * A request parameter the route does not declare but WordPress still reads (body over query string,
 * JSON null = absent): `parent` sent to a flat taxonomy.
 */
export const UndeclaredParam = createParamDecorator((name: string, ctx: ExecutionContext): unknown => {
  const req = ctx.switchToHttp().getRequest<RestRequest>();
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const value = body[name] ?? (req.query as Record<string, unknown>)[name];
  return value === null ? undefined : value;
});
