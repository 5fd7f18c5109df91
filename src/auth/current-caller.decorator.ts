import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { RestRequest } from '../rest/request-context';
import { ANONYMOUS, Caller } from './caller';

/** The authenticated user of the request (or ANONYMOUS), resolved by the authenticate middleware. */
export const CurrentCaller = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Caller => ctx.switchToHttp().getRequest<RestRequest>().caller ?? ANONYMOUS,
);
