import { Controller, Delete, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { EventDeleteArgs, EventDeleteBySlugArgs } from './dto/event-delete.args';
import { EventCreateArgs, EventUpdateArgs, EventUpdateByIdArgs, RawEventParams } from './dto/event-write.args';
import { EventsWriteService } from './events-write.service';

/**
 * The write routes of `/events` (events.md §3, §5, §6): create (201), update by ID or slug with POST,
 * PUT or PATCH (200, all partial; from the trash too: a restore), trash by ID or slug (200), or with
 * `force=true` delete for good (200, `{deleted, previous}`). Each handler also receives the raw
 * parameters (`raw`, not validated again) so omitted fields can be told from defaulted ones.
 */
@ApiTags('events')
@Controller('wp-json/tribe/events/v1/events')
export class EventsWriteController {
  constructor(private readonly events: EventsWriteService) {}

  @Post()
  create(@RestParams() args: EventCreateArgs, @RestParams() raw: RawEventParams, @RequestCtx() ctx: RequestContext) {
    return this.events.create(args, raw, ctx.caller, ctx.origin);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  updateBySlugPost(@Param('slug') slug: string, @RestParams() args: EventUpdateArgs, @RestParams() raw: RawEventParams, @RequestCtx() ctx: RequestContext) {
    return this.events.update({ slug }, args, raw, ctx.caller, ctx.origin);
  }

  @Put('by-slug/:slug')
  updateBySlugPut(@Param('slug') slug: string, @RestParams() args: EventUpdateArgs, @RestParams() raw: RawEventParams, @RequestCtx() ctx: RequestContext) {
    return this.events.update({ slug }, args, raw, ctx.caller, ctx.origin);
  }

  @Patch('by-slug/:slug')
  updateBySlugPatch(@Param('slug') slug: string, @RestParams() args: EventUpdateArgs, @RestParams() raw: RawEventParams, @RequestCtx() ctx: RequestContext) {
    return this.events.update({ slug }, args, raw, ctx.caller, ctx.origin);
  }

  @Delete('by-slug/:slug')
  removeBySlug(@Param('slug') slug: string, @RestParams() args: EventDeleteBySlugArgs, @RequestCtx() ctx: RequestContext) {
    return this.events.remove({ slug }, args.force === true, ctx.caller, ctx.origin, args.scope);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@IdParam() id: number, @RestParams() args: EventUpdateByIdArgs, @RestParams() raw: RawEventParams, @RequestCtx() ctx: RequestContext) {
    return this.events.update({ id }, args, raw, ctx.caller, ctx.origin);
  }

  @Put(':id')
  updatePut(@IdParam() id: number, @RestParams() args: EventUpdateByIdArgs, @RestParams() raw: RawEventParams, @RequestCtx() ctx: RequestContext) {
    return this.events.update({ id }, args, raw, ctx.caller, ctx.origin);
  }

  @Patch(':id')
  updatePatch(@IdParam() id: number, @RestParams() args: EventUpdateByIdArgs, @RestParams() raw: RawEventParams, @RequestCtx() ctx: RequestContext) {
    return this.events.update({ id }, args, raw, ctx.caller, ctx.origin);
  }

  /** The plugin declares the read `password` on this route too (namespace index); it plays no part in deleting. */
  @Delete(':id')
  remove(@IdParam() id: number, @RestParams() args: EventDeleteArgs, @RequestCtx() ctx: RequestContext) {
    return this.events.remove({ id }, args.force === true, ctx.caller, ctx.origin, args.scope);
  }
}
