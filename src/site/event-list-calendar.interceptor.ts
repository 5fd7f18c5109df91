import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { from, mergeMap, Observable } from 'rxjs';
import { isCalendarList } from '../rest/calendar-list.decorator';
import { itemValues, JsonText } from '../rest/json-text';
import { representationOf } from '../rest/representation';
import { requestContextOf, RestRequest } from '../rest/request-context';
import { SiteCalendar } from './site-calendar';
import { SiteFactsReader } from './site-facts';

/**
 * `GET /events` as iCalendar: on a list handler marked `@CalendarList()` (src/rest/), when `Accept`
 * names `text/calendar` at least as high as JSON (`representationOf`, which the response cache keys on
 * too; wildcards alone stay JSON) the list — every filter, `page` and `per_page`, the
 * X-WP-Total/TotalPages and `Link` paging headers — is answered as a calendar of that page's events
 * instead of the JSON envelope. Both answers say `Vary: Accept`. Runs around the list's own
 * pagination interceptor (a global interceptor is the outer one).
 */
@Injectable()
export class EventListCalendarInterceptor implements NestInterceptor {
  constructor(
    private readonly facts: SiteFactsReader,
    private readonly calendar: SiteCalendar,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!isCalendarList(context.getHandler())) return next.handle();
    const req = context.switchToHttp().getRequest<RestRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    res.vary('Accept');
    if (representationOf(req.headers.accept) !== 'calendar') return next.handle();
    const ctx = requestContextOf(req);
    return next
      .handle()
      .pipe(
        mergeMap((envelope: { events: (Record<string, unknown> | JsonText)[] }) =>
          from(this.facts.read(ctx.origin).then((site) => this.calendar.answer(res, itemValues(envelope.events), site, ctx))),
        ),
      );
  }
}
