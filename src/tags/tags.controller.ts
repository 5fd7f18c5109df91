import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Paginated } from '../resources/pagination.interceptor';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { UndeclaredParam } from '../rest/undeclared-param';
import { TermListArgs, TermCreateArgs, TermUpdateArgs, setTermLocation } from '../terms';
import { TagsService } from './tags.service';

/**
 * `/tags` (terms.md): list, create, read, update (POST/PUT/PATCH), delete. Tags are flat: a `parent`
 * sent anyway is read (undeclared) so the service refuses it as WordPress does.
 */
@ApiTags('tags')
@Controller('wp-json/tribe/events/v1/tags')
export class TagsController {
  constructor(private readonly service: TagsService) {}

  @Get()
  @Paginated({ collection: 'tags', layout: 'terms', args: TermListArgs })
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: TermListArgs) {
    return this.service.list(ctx, args);
  }

  @Post()
  async create(
    @RequestCtx() ctx: RequestContext,
    @RestParams() args: TermCreateArgs,
    @UndeclaredParam('parent') parent: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    return setTermLocation(res, await this.service.create(ctx, args, parent));
  }

  @Get(':id')
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.service.read(ctx, id);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: TermUpdateArgs, @UndeclaredParam('parent') parent: unknown) {
    return this.service.update(ctx, id, args, parent);
  }

  @Put(':id')
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: TermUpdateArgs, @UndeclaredParam('parent') parent: unknown) {
    return this.service.update(ctx, id, args, parent);
  }

  @Patch(':id')
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: TermUpdateArgs, @UndeclaredParam('parent') parent: unknown) {
    return this.service.update(ctx, id, args, parent);
  }

  @Delete(':id')
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.service.remove(ctx, id);
  }
}
