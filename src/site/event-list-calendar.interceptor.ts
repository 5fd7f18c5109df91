import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { from, mergeMap, Observable } from 'rxjs';
import { EventsController } from '../events/events.controller';
import { requestContextOf, RestRequest } from '../rest/request-context';
import { calendarAnswer } from './site-answers';
import { SiteFactsReader } from './site-facts';

/**
 * `GET /events` as iCalendar: with `Accept: text/calendar` (preferred over JSON) the list — every
 * filter, `page` and `per_page`, the X-WP-Total/TotalPages and `Link` paging headers — is answered
 * as a calendar of that page's events instead of the JSON envelope. Both answers say `Vary: Accept`.
 * Runs around the list's own pagination interceptor (a global interceptor is the outer one).
 */
@Injectable()
export class EventListCalendarInterceptor implements NestInterceptor {
  constructor(private readonly facts: SiteFactsReader) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getHandler() !== EventsController.prototype.list) return next.handle();
    const req = context.switchToHttp().getRequest<RestRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    res.vary('Accept');
    if (req.accepts(['application/json', 'text/calendar']) !== 'text/calendar') return next.handle();
    return next
      .handle()
      .pipe(
        mergeMap((envelope: { events: Record<string, unknown>[] }) =>
          from(this.facts.read(requestContextOf(req).origin).then((site) => calendarAnswer(res, envelope.events, site))),
        ),
      );
  }
}
