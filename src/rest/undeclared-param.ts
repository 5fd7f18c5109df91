import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * A request parameter the route does not declare but WordPress still hands to the handler: body over
 * query string, JSON null = absent.
 */
export function undeclaredParam(req: Request, name: string): unknown {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const value = body[name] ?? (req.query as Record<string, unknown>)[name];
  return value === null ? undefined : value;
}

/** `@UndeclaredParam('parent')`: that parameter of the request (e.g. `parent` sent to a flat taxonomy). */
export const UndeclaredParam = createParamDecorator((name: string, ctx: ExecutionContext): unknown =>
  undeclaredParam(ctx.switchToHttp().getRequest<Request>(), name),
);
