import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { Paginated } from '../rest/pagination/pagination.interceptor';
import { declareArgs } from '../rest/params/declare-args';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { LinkedPostResource } from './linked-post.resource';
import { LinkedPostType } from './linked-post-type';
import { LinkedListArgs } from './list-args';
import { Credentials, ReadCredentials, RequestOrigin } from './request.decorators';

/** The request DTOs of one linked-post resource. */
export interface LinkedPostArgTypes {
  list: Type<LinkedListArgs>;
  create: Type;
  update: Type;
}

/**
 * The routes of a linked-post resource (venues-organizers.md): list, create, and read / update
 * (POST/PUT/PATCH) / trash by `{id}` and by `{slug}`. Written once for venues and organizers; each
 * module passes its type description, service and DTOs.
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
    list(@RestParams() query: LinkedListArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.list(query, caller, origin, credentials);
    }

    @Post()
    create(@RestParams() body: object, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.create(body, caller, origin, credentials);
    }

    @Get('by-slug/:slug')
    readBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.read({ slug }, caller, origin, credentials);
    }

    @Delete('by-slug/:slug')
    trashBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.trash({ slug }, caller, origin, credentials);
    }

    @Post('by-slug/:slug')
    @HttpCode(200)
    updateBySlugPost(@Param('slug') slug: string, @RestParams() body: object, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.update({ slug }, body, caller, origin, credentials);
    }

    @Put('by-slug/:slug')
    updateBySlugPut(@Param('slug') slug: string, @RestParams() body: object, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.update({ slug }, body, caller, origin, credentials);
    }

    @Patch('by-slug/:slug')
    updateBySlugPatch(@Param('slug') slug: string, @RestParams() body: object, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.update({ slug }, body, caller, origin, credentials);
    }

    @Get(':id')
    read(@IdParam() id: number, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.read({ id }, caller, origin, credentials);
    }

    @Delete(':id')
    trash(@IdParam() id: number, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.trash({ id }, caller, origin, credentials);
    }

    @Post(':id')
    @HttpCode(200)
    updatePost(@IdParam() id: number, @RestParams() body: object, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.update({ id }, body, caller, origin, credentials);
    }

    @Put(':id')
    updatePut(@IdParam() id: number, @RestParams() body: object, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.update({ id }, body, caller, origin, credentials);
    }

    @Patch(':id')
    updatePatch(@IdParam() id: number, @RestParams() body: object, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string, @Credentials() credentials: ReadCredentials) {
      return this.records.update({ id }, body, caller, origin, credentials);
    }
  }

  declareArgs(LinkedPostsController, 'list', 0, args.list);
  declareArgs(LinkedPostsController, 'create', 0, args.create);
  for (const method of ['updateBySlugPost', 'updateBySlugPut', 'updateBySlugPatch']) declareArgs(LinkedPostsController, method, 1, args.update);
  for (const method of ['updatePost', 'updatePut', 'updatePatch']) declareArgs(LinkedPostsController, method, 1, args.update);
  Object.defineProperty(LinkedPostsController, 'name', { value: `${type.collection[0].toUpperCase()}${type.collection.slice(1)}Controller` });
  return LinkedPostsController;
}
