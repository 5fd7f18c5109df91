import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Credentials, ReadCredentials, RequestOrigin } from '../linked-posts/request.decorators';
import { Paginated } from '../rest/pagination/pagination.interceptor';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { OrganizerCreateArgs, OrganizerListArgs, OrganizerUpdateArgs } from './organizer-args';
import { ORGANIZER } from './organizer.type';
import { OrganizersService } from './organizers.service';

/** `/organizers`, `/organizers/{id}` and `/organizers/by-slug/{slug}` (venues-organizers.md). */
@Controller('wp-json/tribe/events/v1/organizers')
export class OrganizersController {
  constructor(private readonly organizers: OrganizersService) {}

  @Get()
  @Paginated({
    collection: ORGANIZER.collection,
    layout: 'posts',
    args: OrganizerListArgs,
    pageNotFound: { code: ORGANIZER.codes.pageNotFound, message: 'The requested organizer archive page does not exist.' },
  })
  list(@RestParams() args: OrganizerListArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.list(args, caller, origin, credentials);
  }

  @Post()
  create(@RestParams() args: OrganizerCreateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.create(args, caller, origin, credentials);
  }

  @Get('by-slug/:slug')
  readBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.read({ slug }, caller, origin, credentials);
  }

  @Delete('by-slug/:slug')
  trashBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.trash({ slug }, caller, origin, credentials);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  updateBySlug(@Param('slug') slug: string, @RestParams() args: OrganizerUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.update({ slug }, args, caller, origin, credentials);
  }

  @Put('by-slug/:slug')
  putBySlug(@Param('slug') slug: string, @RestParams() args: OrganizerUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.updateBySlug(slug, args, caller, origin, credentials);
  }

  @Patch('by-slug/:slug')
  patchBySlug(@Param('slug') slug: string, @RestParams() args: OrganizerUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.updateBySlug(slug, args, caller, origin, credentials);
  }

  @Get(':id')
  read(@IdParam() id: number, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.read({ id }, caller, origin, credentials);
  }

  @Delete(':id')
  trash(@IdParam() id: number, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.trash({ id }, caller, origin, credentials);
  }

  @Post(':id')
  @HttpCode(200)
  update(@IdParam() id: number, @RestParams() args: OrganizerUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.organizers.update({ id }, args, caller, origin, credentials);
  }

  @Put(':id')
  put(@IdParam() id: number, @RestParams() args: OrganizerUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.update(id, args, caller, origin, credentials);
  }

  @Patch(':id')
  patch(@IdParam() id: number, @RestParams() args: OrganizerUpdateArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
    return this.update(id, args, caller, origin, credentials);
  }
}
