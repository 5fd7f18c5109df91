import { Controller, Get, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { ResponseBody } from '../rest/responses/response-schema';
import { ImportCreateArgs, ImportListArgs } from './imports.args';
import { IMPORTS_RESOURCE } from './imports.resource';
import { ImportListResponse, ImportResponse } from './imports.response';
import { ImportsService } from './imports.service';
import { uploadOf } from './source/request-source';

/** `/wp-json/eca/v1/imports`: administrators (`import`) only. */
@ApiTags('imports')
@Controller(`wp-json/${IMPORTS_RESOURCE.namespace}/${IMPORTS_RESOURCE.collection}`)
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Get()
  @ResponseBody(ImportListResponse)
  list(@RestParams() args: ImportListArgs, @RequestCtx() ctx: RequestContext) {
    return this.imports.list(args, ctx.caller);
  }

  @Post()
  @ResponseBody(ImportResponse)
  create(@RestParams() args: ImportCreateArgs, @Req() req: Request, @RequestCtx() ctx: RequestContext) {
    return this.imports.create(args, uploadOf(req), ctx.caller, ctx.origin);
  }

  @Get(':id')
  @ResponseBody(ImportResponse)
  read(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.imports.get(id, ctx.caller);
  }
}
