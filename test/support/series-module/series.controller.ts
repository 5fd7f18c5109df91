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
  list(@RestParams() args: SeriesListArgs, @RequestCtx() ctx: RequestContext) {
    return this.series.list(args, ctx);
  }

  @Get(':id')
  read(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.series.read(id, ctx);
  }

  @Post()
  create(@RestParams() args: SeriesArgs, @RequestCtx() ctx: RequestContext) {
    return this.series.create(args, ctx);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@IdParam() id: number, @RestParams() args: SeriesArgs, @RequestCtx() ctx: RequestContext) {
    return this.series.update(id, args, ctx);
  }

  @Put(':id')
  updatePut(@IdParam() id: number, @RestParams() args: SeriesArgs, @RequestCtx() ctx: RequestContext) {
    return this.series.update(id, args, ctx);
  }

  @Patch(':id')
  updatePatch(@IdParam() id: number, @RestParams() args: SeriesArgs, @RequestCtx() ctx: RequestContext) {
    return this.series.update(id, args, ctx);
  }

  @Delete(':id')
  remove(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.series.remove(id, ctx);
  }
}
