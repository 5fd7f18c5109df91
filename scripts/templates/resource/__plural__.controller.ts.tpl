import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { Paginated } from '__SRC__/resources/pagination.interceptor';
import { IdParam } from '__SRC__/rest/params/id-param.decorator';
import { RestParams } from '__SRC__/rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '__SRC__/rest/request-context';
import { __Singular__Args, __Singular__ListArgs } from './__plural__.args';
import { __PLURAL___RESOURCE } from './__plural__.resource';
import { __Plural__Service } from './__plural__.service';

/** Thin: the parameters, the request's facts, one service call. Mounted in the resource's own namespace. */
@Controller(`wp-json/${__PLURAL___RESOURCE.namespace}/${__PLURAL___RESOURCE.collection}`)
export class __Plural__Controller {
  constructor(private readonly __plural__: __Plural__Service) {}

  @Get()
  @Paginated({ collection: __PLURAL___RESOURCE.collection, layout: 'posts', args: __Singular__ListArgs })
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: __Singular__ListArgs) {
    return this.__plural__.list(ctx, args);
  }

  @Get(':id')
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.__plural__.read(ctx, id);
  }

  @Post()
  create(@RequestCtx() ctx: RequestContext, @RestParams() args: __Singular__Args) {
    return this.__plural__.create(ctx, args);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: __Singular__Args) {
    return this.__plural__.update(ctx, id, args);
  }

  @Put(':id')
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: __Singular__Args) {
    return this.__plural__.update(ctx, id, args);
  }

  @Patch(':id')
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: __Singular__Args) {
    return this.__plural__.update(ctx, id, args);
  }

  @Delete(':id')
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.__plural__.remove(ctx, id);
  }
}
