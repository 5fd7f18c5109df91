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
    return this.webhooks.list(ctx.caller);
  }

  @Post()
  create(@RestParams() args: WebhookCreateArgs, @RequestCtx() ctx: RequestContext) {
    return this.webhooks.create(args, ctx.caller);
  }

  @Get(':id')
  read(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.webhooks.get(id, ctx.caller);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@IdParam() id: number, @RestParams() args: WebhookUpdateArgs, @RequestCtx() ctx: RequestContext) {
    return this.webhooks.update(id, args, ctx.caller);
  }

  @Put(':id')
  updatePut(@IdParam() id: number, @RestParams() args: WebhookUpdateArgs, @RequestCtx() ctx: RequestContext) {
    return this.webhooks.update(id, args, ctx.caller);
  }

  @Patch(':id')
  updatePatch(@IdParam() id: number, @RestParams() args: WebhookUpdateArgs, @RequestCtx() ctx: RequestContext) {
    return this.webhooks.update(id, args, ctx.caller);
  }

  @Delete(':id')
  @ResponseBody(WebhookDeletedResponse)
  remove(@IdParam() id: number, @RequestCtx() ctx: RequestContext) {
    return this.webhooks.delete(id, ctx.caller);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'List the deliveries of a webhook',
    description:
      'Administrators only (`manage_options`). The newest deliveries first, each with its change, state and attempts (status, duration, error), paged with `page` and `per_page`.',
  })
  @ResponseBody(DeliveryLogResponse)
  deliveries(@IdParam() id: number, @RestParams() args: DeliveryLogArgs, @RequestCtx() ctx: RequestContext) {
    return this.webhooks.log(id, args, ctx.caller);
  }
}
