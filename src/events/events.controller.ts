import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Credentials, ReadCredentials, RequestOrigin } from '../linked-posts/request.decorators';
import { Paginated } from '../rest/pagination/pagination.interceptor';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
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
  list(@RestParams() args: EventListArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.events.list(args, caller, origin, credentials);
  }

  @Get('by-slug/:slug')
  readBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.events.read({ slug }, caller, origin, credentials);
  }

  @Get(':id')
  read(
    @IdParam() id: number,
    @RestParams() _args: EventReadArgs,
    @CurrentCaller() caller: Caller,
    @RequestOrigin() origin: string,
    @Credentials() credentials: ReadCredentials,
  ) {
    return this.events.read({ id }, caller, origin, credentials);
  }
}
