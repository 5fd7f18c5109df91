import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { RestError } from '../../reasons/rest-error';

/**
 * A numeric `{id}` path segment (WordPress route pattern `\d+`). Any other value matches no route,
 * so it is answered as rest_no_route — before any parameter validation.
 */
export const IdParam = createParamDecorator((name: string | undefined, ctx: ExecutionContext): number => {
  const raw = ctx.switchToHttp().getRequest<Request>().params[name ?? 'id'];
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw RestError.noRoute();
  const id = Number(raw);
  // Ids beyond what MySQL's BIGINT UNSIGNED or a JS number can hold name no record: treat as 0 (unknown).
  return Number.isSafeInteger(id) ? id : 0;
});
