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
  list(@RequestCtx() ctx: RequestContext, @RestParams() args: ImportFeedListArgs) {
    return this.feeds.list(ctx, args);
  }

  @Post()
  @ResponseBody(ImportFeedResponse)
  create(@RequestCtx() ctx: RequestContext, @RestParams() args: ImportFeedCreateArgs) {
    return this.feeds.create(ctx, args);
  }

  @Get(':id')
  @ResponseBody(ImportFeedResponse)
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.feeds.get(ctx, id);
  }

  @Post(':id')
  @HttpCode(200)
  @ResponseBody(ImportFeedResponse)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: ImportFeedUpdateArgs) {
    return this.feeds.update(ctx, id, args);
  }

  @Put(':id')
  @ResponseBody(ImportFeedResponse)
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: ImportFeedUpdateArgs) {
    return this.feeds.update(ctx, id, args);
  }

  @Patch(':id')
  @ResponseBody(ImportFeedResponse)
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: ImportFeedUpdateArgs) {
    return this.feeds.update(ctx, id, args);
  }

  @Delete(':id')
  @ResponseBody(ImportFeedDeletedResponse)
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.feeds.delete(ctx, id);
  }

  @Post(':id/run')
  @ApiOperation({
    summary: 'Run an import feed now',
    description:
      'Administrators only (the `import` capability). Imports the feed at once, enabled or not, as its scheduled runs do, and answers the run’s report (`status: failed` and `error` when the URL could not be read); 409 while another run holds the feed.',
  })
  @ResponseBody(ImportResponse)
  run(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.feeds.run(ctx, id);
  }
}
