import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { collectLinkedListDependencies, linkedPageNotFound } from '../linked-posts';
import { Paginated } from '../resources/pagination.interceptor';
import { DeleteArgs } from '../rest/delete.args';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { Shows } from '../rest/shows.decorator';
import { OrganizerCreateArgs, OrganizerListArgs, OrganizerUpdateArgs } from './organizer-args';
import { ORGANIZER } from './organizer.type';
import { OrganizersService } from './organizers.service';

/**
 * `/organizers` (venues-organizers.md): list, create, and read / update (POST/PUT/PATCH) / trash by `{id}`
 * and by `{slug}`. The list and the read by ID say what their answers show; the read by slug is
 * retired by every write.
 */
@ApiTags('organizers')
@Controller('wp-json/tribe/events/v1/organizers')
export class OrganizersController {
  constructor(private readonly service: OrganizersService) {}

  @Get()
  @Paginated({ collection: 'organizers', layout: 'posts', args: OrganizerListArgs, pageNotFound: linkedPageNotFound(ORGANIZER) })
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: OrganizerListArgs) {
    collectLinkedListDependencies(ORGANIZER, args);
    return this.service.list(ctx, args);
  }

  @Post()
  create(@RequestCtx() ctx: RequestContext, @RestParams() args: OrganizerCreateArgs) {
    return this.service.create(ctx, args);
  }

  @Get('by-slug/:slug')
  readBySlug(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string) {
    return this.service.read(ctx, { slug });
  }

  @Delete('by-slug/:slug')
  removeBySlug(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: DeleteArgs) {
    return this.service.remove(ctx, { slug }, args);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  updateBySlugPost(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: OrganizerUpdateArgs) {
    return this.service.update(ctx, { slug }, args);
  }

  @Put('by-slug/:slug')
  updateBySlugPut(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: OrganizerUpdateArgs) {
    return this.service.update(ctx, { slug }, args);
  }

  @Patch('by-slug/:slug')
  updateBySlugPatch(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: OrganizerUpdateArgs) {
    return this.service.update(ctx, { slug }, args);
  }

  @Get(':id')
  @Shows({ postParam: 'id' })
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.service.read(ctx, id);
  }

  @Delete(':id')
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: DeleteArgs) {
    return this.service.remove(ctx, id, args);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: OrganizerUpdateArgs) {
    return this.service.update(ctx, id, args);
  }

  @Put(':id')
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: OrganizerUpdateArgs) {
    return this.service.update(ctx, id, args);
  }

  @Patch(':id')
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: OrganizerUpdateArgs) {
    return this.service.update(ctx, id, args);
  }
}
