import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../rest/params/id-param.decorator';
import { RestParams } from '../../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../../rest/request-context';
import { ResponseBody } from '../../rest/responses/response-schema';
import { ImportResponse } from '../imports.response';
import { ImportFeedCreateArgs, ImportFeedListArgs, ImportFeedUpdateArgs } from './import-feeds.args';
import { IMPORT_FEEDS_RESOURCE } from './import-feeds.resource';
import { ImportFeedDeletedResponse, ImportFeedListResponse, ImportFeedResponse } from './import-feeds.response';
import { ImportFeedsService } from './import-feeds.service';

/** `/wp-json/eca/v1/import-feeds`: administrators (`import`) only. */
@ApiTags('import-feeds')
@Controller(`wp-json/${IMPORT_FEEDS_RESOURCE.namespace}/${IMPORT_FEEDS_RESOURCE.collection}`)
export class ImportFeedsController {
  constructor(private readonly feeds: ImportFeedsService) {}

  @Get()
  @ResponseBody(ImportFeedListResponse)
  list(@RestParams() args: ImportFeedListArgs, @RequestCtx() ctx: RequestContext) {
    return this.feeds.list(args, ctx.caller);
  }

  @Post()
  @ResponseBody(ImportFeedResponse)
  create(@RestParams() args: ImportFeedCreateArgs, @RequestCtx() ctx: RequestContext) {
    return this.feeds.create(args, ctx.caller);
  }

  @Get(':id')
  @ResponseBody(ImportFeedResponse)
  read(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.feeds.get(id, ctx.caller);
  }

  @Post(':id')
  @HttpCode(200)
  @ResponseBody(ImportFeedResponse)
  updatePost(@IdParam() id: number, @RestParams() args: ImportFeedUpdateArgs, @RequestCtx() ctx: RequestContext) {
    return this.feeds.update(id, args, ctx.caller);
  }

  @Put(':id')
  @ResponseBody(ImportFeedResponse)
  updatePut(@IdParam() id: number, @RestParams() args: ImportFeedUpdateArgs, @RequestCtx() ctx: RequestContext) {
    return this.feeds.update(id, args, ctx.caller);
  }

  @Patch(':id')
  @ResponseBody(ImportFeedResponse)
  updatePatch(@IdParam() id: number, @RestParams() args: ImportFeedUpdateArgs, @RequestCtx() ctx: RequestContext) {
    return this.feeds.update(id, args, ctx.caller);
  }

  @Delete(':id')
  @ResponseBody(ImportFeedDeletedResponse)
  remove(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.feeds.delete(id, ctx.caller);
  }

  @Post(':id/run')
  @ApiOperation({
    summary: 'Run an import feed now',
    description:
      'Administrators only (the `import` capability). Imports the feed at once, enabled or not, as its scheduled runs do, and answers the run’s report (`status: failed` and `error` when the URL could not be read); 409 while another run holds the feed.',
  })
  @ResponseBody(ImportResponse)
  run(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.feeds.run(id, ctx.caller);
  }
}
