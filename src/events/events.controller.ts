import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CacheKey } from '../wordpress/cache-keys';
import { CATEGORIES } from '../categories';
import { ORGANIZER } from '../organizers';
import { TAGS } from '../tags';
import { VENUE } from '../venues';
import { Paginated } from '../resources/pagination.interceptor';
import { CalendarList } from '../rest/calendar-list.decorator';
import { Shows } from '../rest/shows.decorator';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { EventListArgs } from './dto/event-list.args';
import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { EventsReadService } from './events-read.service';
import { EventReadArgs } from './read/event-read.args';

/**
 * Which events a list holds and in which order: any event written, and the venues, organizers and
 * terms its filters name (docs/caching.md "What a write retires"); what the listed events show is
 * added as they are represented.
 */
const LIST_MEMBERSHIP = [
  CacheKey.type(EVENT_POST_TYPE),
  CacheKey.type(VENUE.postType),
  CacheKey.type(ORGANIZER.postType),
  CacheKey.taxonomy(CATEGORIES.taxonomy),
  CacheKey.taxonomy(TAGS.taxonomy),
];

/**
 * The read routes of `/events` (events.md §2, lists-and-filters.md §2). The list and the read by ID
 * say what their answers show, so a write retires only the answers it concerns; the read by slug (any
 * event's slug may come to name it) is retired by every write.
 */
@ApiTags('events')
@Controller('wp-json/tribe/events/v1/events')
export class EventsController {
  constructor(private readonly events: EventsReadService) {}

  @Get()
  // Also answered as iCalendar for `Accept: text/calendar` (src/site/event-list-calendar.interceptor.ts).
  @CalendarList()
  @Shows({ keys: LIST_MEMBERSHIP })
  @Paginated({
    collection: 'events',
    layout: 'posts',
    args: EventListArgs,
    pageNotFound: { code: 'event-archive-page-not-found', message: 'The requested event archive page does not exist.' },
  })
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: EventListArgs) {
    return this.events.answerPage(ctx, args);
  }

  @Get('by-slug/:slug')
  readBySlug(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string) {
    return this.events.answer(ctx, { slug });
  }

  @Get(':id')
  @Shows({ postParam: 'id' })
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() _args: EventReadArgs) {
    return this.events.answer(ctx, { id });
  }
}
