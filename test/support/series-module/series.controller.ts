import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { Paginated } from '../../../src/resources/pagination.interceptor';
import { IdParam } from '../../../src/rest/params/id-param.decorator';
import { RestParams } from '../../../src/rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../../../src/rest/request-context';
import { SeriesArgs, SeriesListArgs } from './series.args';
import { SERIES_RESOURCE } from './series.resource';
import { SeriesService } from './series.service';

/** Thin: the parameters, the request's facts, one service call. Mounted in the resource's own namespace. */
@Controller(`wp-json/${SERIES_RESOURCE.namespace}/${SERIES_RESOURCE.collection}`)
export class SeriesController {
  constructor(private readonly series: SeriesService) {}

  @Get()
  @Paginated({ collection: SERIES_RESOURCE.collection, layout: 'posts', args: SeriesListArgs })
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: SeriesListArgs) {
    return this.series.list(ctx, args);
  }

  @Get(':id')
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.series.read(ctx, id);
  }

  @Post()
  create(@RequestCtx() ctx: RequestContext, @RestParams() args: SeriesArgs) {
    return this.series.create(ctx, args);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: SeriesArgs) {
    return this.series.update(ctx, id, args);
  }

  @Put(':id')
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: SeriesArgs) {
    return this.series.update(ctx, id, args);
  }

  @Patch(':id')
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: SeriesArgs) {
    return this.series.update(ctx, id, args);
  }

  @Delete(':id')
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.series.remove(ctx, id);
  }
}
