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
    const mark = showsMarkOf(context.getHandler());
    if (mark) {
      const params = context.switchToHttp().getRequest<Request>().params ?? {};
      const post = mark.postParam === undefined ? [] : [CacheKey.post(Number(params[mark.postParam]))];
      collectDependencies(...(mark.keys ?? []), ...post);
    }
    return next.handle();
  }
}
