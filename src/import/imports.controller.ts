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
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: ImportListArgs) {
    return this.imports.list(ctx, args);
  }

  @Post()
  @ResponseBody(ImportResponse)
  create(@RequestCtx() ctx: RequestContext, @RestParams() args: ImportCreateArgs, @Req() req: Request) {
    return this.imports.create(ctx, args, uploadOf(req));
  }

  @Get(':id')
  @ResponseBody(ImportResponse)
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.imports.get(ctx, id);
  }
}
