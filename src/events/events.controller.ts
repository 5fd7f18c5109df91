import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Paginated } from '../rest/pagination/pagination.interceptor';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { EventListArgs } from './dto/event-list.args';
import { EventsReadService } from './events-read.service';
import { EventReadArgs } from './read/event-read.args';

/** The read routes of `/events` (events.md §2, lists-and-filters.md §2). */
@ApiTags('events')
@Controller('wp-json/tribe/events/v1/events')
export class EventsController {
  constructor(private readonly events: EventsReadService) {}

  @Get()
  @Paginated({
    collection: 'events',
    layout: 'posts',
    args: EventListArgs,
    pageNotFound: { code: 'event-archive-page-not-found', message: 'The requested event archive page does not exist.' },
  })
  list(@RestParams() args: EventListArgs, @RequestCtx() ctx: RequestContext) {
    return this.events.list(args, ctx.caller, ctx.origin, ctx.credentials);
  }

  @Get('by-slug/:slug')
  readBySlug(@Param('slug') slug: string, @RequestCtx() ctx: RequestContext) {
    return this.events.read({ slug }, ctx.caller, ctx.origin, ctx.credentials);
  }

  @Get(':id')
  read(@IdParam() id: number, @RestParams() _args: EventReadArgs, @RequestCtx() ctx: RequestContext) {
    return this.events.read({ id }, ctx.caller, ctx.origin, ctx.credentials);
  }
}
