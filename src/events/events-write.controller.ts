import { Controller, Delete, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { RequestOrigin } from '../linked-posts/request.decorators';
import { IdParam } from '../rest/params/id-param.decorator';
import { RestParams } from '../rest/params/rest-params.decorator';
import { EventReadArgs } from './read/event-read.args';
import { EventCreateArgs, EventUpdateArgs, EventUpdateByIdArgs, RawEventParams } from './dto/event-write.args';
import { EventsWriteService } from './events-write.service';

/**
 * The write routes of `/events` (events.md §3, §5, §6): create (201), update by ID or slug with POST,
 * PUT or PATCH (200, all partial), trash by ID or slug (200). Each handler also receives the raw
 * parameters (`raw`, not validated again) so omitted fields can be told from defaulted ones.
 */
@ApiTags('events')
@Controller('wp-json/tribe/events/v1/events')
export class EventsWriteController {
  constructor(private readonly events: EventsWriteService) {}

  @Post()
  create(@RestParams() args: EventCreateArgs, @RestParams() raw: RawEventParams, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.create(args, raw, caller, origin);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  updateBySlugPost(@Param('slug') slug: string, @RestParams() args: EventUpdateArgs, @RestParams() raw: RawEventParams, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.update({ slug }, args, raw, caller, origin);
  }

  @Put('by-slug/:slug')
  updateBySlugPut(@Param('slug') slug: string, @RestParams() args: EventUpdateArgs, @RestParams() raw: RawEventParams, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.update({ slug }, args, raw, caller, origin);
  }

  @Patch('by-slug/:slug')
  updateBySlugPatch(@Param('slug') slug: string, @RestParams() args: EventUpdateArgs, @RestParams() raw: RawEventParams, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.update({ slug }, args, raw, caller, origin);
  }

  @Delete('by-slug/:slug')
  trashBySlug(@Param('slug') slug: string, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.trash({ slug }, caller, origin);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@IdParam() id: number, @RestParams() args: EventUpdateByIdArgs, @RestParams() raw: RawEventParams, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.update({ id }, args, raw, caller, origin);
  }

  @Put(':id')
  updatePut(@IdParam() id: number, @RestParams() args: EventUpdateByIdArgs, @RestParams() raw: RawEventParams, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.update({ id }, args, raw, caller, origin);
  }

  @Patch(':id')
  updatePatch(@IdParam() id: number, @RestParams() args: EventUpdateByIdArgs, @RestParams() raw: RawEventParams, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.update({ id }, args, raw, caller, origin);
  }

  /** The plugin declares the read `password` on this route too (namespace index); it plays no part in trashing. */
  @Delete(':id')
  trash(@IdParam() id: number, @RestParams() _args: EventReadArgs, @CurrentCaller() caller: Caller, @RequestOrigin() origin: string) {
    return this.events.trash({ id }, caller, origin);
  }
}
