import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { ResponseBody } from '../rest/responses/response-schema';
import { DeliveryLogArgs, WebhookCreateArgs, WebhookUpdateArgs } from './webhooks.args';
import { DeliveryLogResponse, WebhookDeletedResponse, WebhookResponse } from './webhooks.response';
import { WebhooksService } from './webhooks.service';

/** `/wp-json/eca/v1/webhooks`: administrators (`manage_options`) only. */
@ApiTags('webhooks')
@Controller('wp-json/eca/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ResponseBody(WebhookResponse, { isArray: true })
  list(@RequestCtx() ctx: RequestContext) {
    return this.webhooks.list(ctx);
  }

  @Post()
  create(@RequestCtx() ctx: RequestContext, @RestParams() args: WebhookCreateArgs) {
    return this.webhooks.create(ctx, args);
  }

  @Get(':id')
  read(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.webhooks.read(ctx, id);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: WebhookUpdateArgs) {
    return this.webhooks.update(ctx, id, args);
  }

  @Put(':id')
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: WebhookUpdateArgs) {
    return this.webhooks.update(ctx, id, args);
  }

  @Patch(':id')
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: WebhookUpdateArgs) {
    return this.webhooks.update(ctx, id, args);
  }

  @Delete(':id')
  @ResponseBody(WebhookDeletedResponse)
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number) {
    return this.webhooks.remove(ctx, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'List the deliveries of a webhook',
    description:
      'Administrators only (`manage_options`). The newest deliveries first, each with its change, state and attempts (status, duration, error), paged with `page` and `per_page`.',
  })
  @ResponseBody(DeliveryLogResponse)
  deliveries(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: DeliveryLogArgs) {
    return this.webhooks.log(ctx, id, args);
  }
}
