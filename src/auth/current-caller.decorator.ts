import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { RestRequest, requestContextOf } from '../rest/request-context';
import { Caller } from '../wordpress/caller';

/** The caller alone, for a handler that needs nothing else of the request context (src/rest/request-context.ts). */
export const CurrentCaller = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Caller => requestContextOf(ctx.switchToHttp().getRequest<RestRequest>()).caller,
);
