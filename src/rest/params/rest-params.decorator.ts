import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { RestError } from '../../reasons/rest-error';
import { RestRequest } from '../request-context';

/** JSON `null` means "not supplied" in WordPress. */
function withoutNulls(source: unknown): Record<string, unknown> {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return {};
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== null));
}

/**
 * All request parameters merged with WordPress precedence (body over query string); path parameters
 * are read separately with @Param so a body `id`/`slug` never changes which record is addressed.
 * A malformed JSON body is reported here, at the parameter stage, as WordPress does.
 */
export const RestParams = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<RestRequest>();
  if (req.jsonError !== undefined) throw RestError.invalidJson(req.jsonError);
  return mergedParams(req.query, req.body);
});

/** A request's parameters as routes get them: the query's, then the body's over them, without nulls. */
export function mergedParams(query: unknown, body?: unknown): Record<string, unknown> {
  return { ...withoutNulls(query), ...withoutNulls(body) };
}
