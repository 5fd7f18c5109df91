import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Credentials, ReadCredentials, RequestOrigin } from '../linked-posts/request.decorators';
import { Paginated } from '../rest/pagination/pagination.interceptor';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { VenueCreateArgs, VenueListArgs, VenueUpdateArgs } from './venue-args';
import { VENUE } from './venue.type';
import { VenuesService } from './venues.service';

/** `/venues`, `/venues/{id}` and `/venues/by-slug/{slug}` (venues-organizers.md). */
@Controller('wp-json/tribe/events/v1/venues')
export class VenuesController {
  constructor(private readonly venues: VenuesService) {}

  @Get()
  @Paginated({
    collection: VENUE.collection,
    layout: 'posts',
    args: VenueListArgs,
    pageNotFound: { code: VENUE.codes.pageNotFound, message: 'The requested venue archive page does not exist.' },
  })
  list(@RestParams() args: VenueListArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.list(args, caller, origin, credentials);
  }

  @Post()
  create(@RestParams() args: VenueCreateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.create(args, caller, origin, credentials);
  }

  @Get('by-slug/:slug')
  readBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.read({ slug }, caller, origin, credentials);
  }

  @Delete('by-slug/:slug')
  trashBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.trash({ slug }, caller, origin, credentials);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  updateBySlug(@Param('slug') slug: string, @RestParams() args: VenueUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.update({ slug }, args, caller, origin, credentials);
  }

  @Put('by-slug/:slug')
  putBySlug(@Param('slug') slug: string, @RestParams() args: VenueUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.updateBySlug(slug, args, caller, origin, credentials);
  }

  @Patch('by-slug/:slug')
  patchBySlug(@Param('slug') slug: string, @RestParams() args: VenueUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.updateBySlug(slug, args, caller, origin, credentials);
  }

  @Get(':id')
  read(@IdParam() id: number, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.read({ id }, caller, origin, credentials);
  }

  @Delete(':id')
  trash(@IdParam() id: number, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.trash({ id }, caller, origin, credentials);
  }

  @Post(':id')
  @HttpCode(200)
  update(@IdParam() id: number, @RestParams() args: VenueUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.venues.update({ id }, args, caller, origin, credentials);
  }

  @Put(':id')
  put(@IdParam() id: number, @RestParams() args: VenueUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.update(id, args, caller, origin, credentials);
  }

  @Patch(':id')
  patch(@IdParam() id: number, @RestParams() args: VenueUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.update(id, args, caller, origin, credentials);
  }
}
