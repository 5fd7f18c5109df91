import { DeleteArgs } from '../rest/delete.args';
import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CacheKey } from '../wordpress/cache-keys';
import { collectDependencies } from '../cache/dependencies';
import { Paginated } from '../resources/pagination.interceptor';
import { declareArgs } from '../rest/params/declare-args';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { LinkedPostResource } from './linked-post.resource';
import { LinkedPostType } from './linked-post-type';
import { LinkedListArgs } from './list-args';
import { isTruthy } from './truthy';

/** The request DTOs of one linked-post resource. */
export interface LinkedPostArgTypes {
  list: Type<LinkedListArgs>;
  create: Type;
  update: Type;
}

/**
 * Which records a list holds (docs/caching.md "What a write retires"): any record of the type written,
 * and with a filter on events (`event`, `has_events`, `only_with_upcoming`) any event written too.
 */
function listMembership(type: LinkedPostType, query: LinkedListArgs): string[] {
  const onEvents = query.event !== undefined || query.has_events !== undefined || isTruthy(query.only_with_upcoming);
  return [CacheKey.type(type.postType), ...(onEvents ? [CacheKey.type('tribe_events')] : [])];
}

/**
 * The routes of a linked-post resource (venues-organizers.md): list, create, and read / update
 * (POST/PUT/PATCH) / trash by `{id}` and by `{slug}`. Written once for venues and organizers; each
 * module passes its type description, service and DTOs. The list and the read by ID say what their
 * answers show (the records they embed add theirs); the read by slug is retired by every write.
 */
export function createLinkedPostsController(
  type: LinkedPostType,
  service: Type<LinkedPostResource>,
  args: LinkedPostArgTypes,
  pageNotFoundMessage: string,
): Type {
  @ApiTags(type.collection)
  @Controller(`wp-json/tribe/events/v1/${type.collection}`)
  class LinkedPostsController {
    constructor(@Inject(service) readonly records: LinkedPostResource) {}

    @Get()
    @Paginated({
      collection: type.collection,
      layout: 'posts',
      args: args.list,
      pageNotFound: { code: type.codes.pageNotFound, message: pageNotFoundMessage },
    })
    list(@RestParams() query: LinkedListArgs, @RequestCtx() ctx: RequestContext) {
      collectDependencies(...listMembership(type, query));
      return this.records.list(query, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Post()
    create(@RestParams() body: object, @RequestCtx() ctx: RequestContext) {
      return this.records.create(body, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Get('by-slug/:slug')
    readBySlug(@Param('slug') slug: string, @RequestCtx() ctx: RequestContext) {
      return this.records.read({ slug }, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Delete('by-slug/:slug')
    removeBySlug(@Param('slug') slug: string, @RestParams() args: DeleteArgs, @RequestCtx() ctx: RequestContext) {
      return this.records.remove({ slug }, args.force === true, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Post('by-slug/:slug')
    @HttpCode(200)
    updateBySlugPost(@Param('slug') slug: string, @RestParams() body: object, @RequestCtx() ctx: RequestContext) {
      return this.records.update({ slug }, body, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Put('by-slug/:slug')
    updateBySlugPut(@Param('slug') slug: string, @RestParams() body: object, @RequestCtx() ctx: RequestContext) {
      return this.records.update({ slug }, body, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Patch('by-slug/:slug')
    updateBySlugPatch(@Param('slug') slug: string, @RestParams() body: object, @RequestCtx() ctx: RequestContext) {
      return this.records.update({ slug }, body, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Get(':id')
    read(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
      collectDependencies(CacheKey.post(id));
      return this.records.read({ id }, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Delete(':id')
    remove(@IdParam() id: number, @RestParams() args: DeleteArgs, @RequestCtx() ctx: RequestContext) {
      return this.records.remove({ id }, args.force === true, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Post(':id')
    @HttpCode(200)
    updatePost(@IdParam() id: number, @RestParams() body: object, @RequestCtx() ctx: RequestContext) {
      return this.records.update({ id }, body, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Put(':id')
    updatePut(@IdParam() id: number, @RestParams() body: object, @RequestCtx() ctx: RequestContext) {
      return this.records.update({ id }, body, ctx.caller, ctx.origin, ctx.credentials);
    }

    @Patch(':id')
    updatePatch(@IdParam() id: number, @RestParams() body: object, @RequestCtx() ctx: RequestContext) {
      return this.records.update({ id }, body, ctx.caller, ctx.origin, ctx.credentials);
    }
  }

  declareArgs(LinkedPostsController, 'list', 0, args.list);
  declareArgs(LinkedPostsController, 'create', 0, args.create);
  for (const method of ['updateBySlugPost', 'updateBySlugPut', 'updateBySlugPatch']) declareArgs(LinkedPostsController, method, 1, args.update);
  for (const method of ['updatePost', 'updatePut', 'updatePatch']) declareArgs(LinkedPostsController, method, 1, args.update);
  Object.defineProperty(LinkedPostsController, 'name', { value: `${type.collection[0].toUpperCase()}${type.collection.slice(1)}Controller` });
  return LinkedPostsController;
}
