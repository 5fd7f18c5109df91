import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { showsMarkOf } from '../rest/shows.decorator';
import { CacheKey } from '../wordpress/cache-keys';
import { collectDependencies } from './dependencies';

/**
 * Declares what a route marked `@Shows()` (src/rest/) shows before its handler reads anything
 * (collectDependencies): the answer and the shared values it uses are then kept under those keys only.
 */
@Injectable()
export class ShowsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    declareShows(context.getHandler(), context.switchToHttp().getRequest<Request>().params ?? {});
    return next.handle();
  }
}

/** What a handler marked `@Shows()` shows, declared for its request (also for a call of the handler outside Nest: the front road). */
export function declareShows(handler: object, params: Record<string, string | string[]>): void {
  const mark = showsMarkOf(handler);
  if (!mark) return;
  const post = mark.postParam === undefined ? [] : [CacheKey.post(Number(params[mark.postParam]))];
  collectDependencies(...(mark.keys ?? []), ...post);
}
