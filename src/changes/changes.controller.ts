import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { ResponseBody } from '../rest/responses/response-schema';
import { ChangeFeedArgs } from './changes.args';
import { ChangeFeedResponse } from './changes.response';
import { ChangesService } from './changes.service';

/** `GET /wp-json/eca/v1/changes`: the change feed, public (each caller sees what it may read). */
@ApiTags('changes')
@Controller('wp-json/eca/v1/changes')
export class ChangesController {
  constructor(private readonly changes: ChangesService) {}

  @Get()
  @ResponseBody(ChangeFeedResponse)
  feed(@RequestCtx() ctx: RequestContext, @RestParams() args: ChangeFeedArgs) {
    return this.changes.feed(ctx, args);
  }
}
