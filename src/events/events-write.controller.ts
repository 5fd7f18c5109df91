import { Controller, Delete, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { RequestContext, RequestCtx } from '../rest/request-context';
import { EventDeleteArgs, EventDeleteBySlugArgs } from './dto/event-delete.args';
import { EventCreateArgs, EventUpdateArgs, EventUpdateByIdArgs } from './dto/event-write.args';
import { EventsWriteService } from './events-write.service';

/**
 * The write routes of `/events` (events.md §3, §5, §6): create (201), update by ID or slug with POST,
 * PUT or PATCH (200, all partial; from the trash too: a restore), trash by ID or slug (200), or with
 * `force=true` delete for good (200, `{deleted, previous}`). The validated DTO says which fields the
 * request carried (`suppliedArgs`), so omitted fields are told from defaulted ones.
 */
@ApiTags('events')
@Controller('wp-json/tribe/events/v1/events')
export class EventsWriteController {
  constructor(private readonly events: EventsWriteService) {}

  @Post()
  create(@RequestCtx() ctx: RequestContext, @RestParams() args: EventCreateArgs) {
    return this.events.create(ctx, args);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  updateBySlugPost(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: EventUpdateArgs) {
    return this.events.update(ctx, { slug }, args);
  }

  @Put('by-slug/:slug')
  updateBySlugPut(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: EventUpdateArgs) {
    return this.events.update(ctx, { slug }, args);
  }

  @Patch('by-slug/:slug')
  updateBySlugPatch(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: EventUpdateArgs) {
    return this.events.update(ctx, { slug }, args);
  }

  @Delete('by-slug/:slug')
  removeBySlug(@RequestCtx() ctx: RequestContext, @Param('slug') slug: string, @RestParams() args: EventDeleteBySlugArgs) {
    return this.events.remove(ctx, { slug }, args);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: EventUpdateByIdArgs) {
    return this.events.update(ctx, { id }, args);
  }

  @Put(':id')
  updatePut(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: EventUpdateByIdArgs) {
    return this.events.update(ctx, { id }, args);
  }

  @Patch(':id')
  updatePatch(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: EventUpdateByIdArgs) {
    return this.events.update(ctx, { id }, args);
  }

  /** The plugin declares the read `password` on this route too (namespace index); it plays no part in deleting. */
  @Delete(':id')
  remove(@RequestCtx() ctx: RequestContext, @IdParam() id: number, @RestParams() args: EventDeleteArgs) {
    return this.events.remove(ctx, { id }, args);
  }
}
