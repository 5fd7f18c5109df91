import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Paginated } from '../resources/pagination.interceptor';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { HierarchicalTermListArgs, HierarchicalTermCreateArgs, HierarchicalTermUpdateArgs, setTermLocation } from '../terms';
import { CategoriesService } from './categories.service';

/** `/categories` (terms.md): list, create, read, update (POST/PUT/PATCH), delete; `parent` declared. */
@ApiTags('categories')
@Controller('wp-json/tribe/events/v1/categories')
export class CategoriesController {
  constructor(private readonly service: CategoriesService) {}

  @Get()
  @Paginated({ collection: 'categories', layout: 'terms', args: HierarchicalTermListArgs })
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: HierarchicalTermListArgs) {
    return this.service.list(ctx, args);
  }

  @Post()
  async create(@RequestCtx() ctx: RequestContext, @RestParams() args: HierarchicalTermCreateArgs, @Res({ passthrough: true }) res: Response) {
    return setTermLocation(res, await this.service.create(ctx, args));
  }

  @Get(':id')
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.service.read(ctx, id);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: HierarchicalTermUpdateArgs) {
    return this.service.update(ctx, id, args);
  }

  @Put(':id')
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: HierarchicalTermUpdateArgs) {
    return this.service.update(ctx, id, args);
  }

  @Patch(':id')
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: HierarchicalTermUpdateArgs) {
    return this.service.update(ctx, id, args);
  }

  @Delete(':id')
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.service.remove(ctx, id);
  }
}
