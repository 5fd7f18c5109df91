import { Controller, Delete, Get, Module, Post, Put } from '@nestjs/common';
import { Caller } from '../../src/wordpress/caller';
import { CurrentCaller } from '../../src/auth/current-caller.decorator';
import { requireCapabilities } from '../../src/auth/permissions';
import { Paginated } from '../../src/resources/pagination.interceptor';
import { RestArg } from '../../src/rest/params/rest-arg.decorator';
import { IdParam } from '../../src/rest/params/id-param.decorator';
import { RestParams } from '../../src/rest/params/rest-params.decorator';

class ProbeListArgs {
  @RestArg({ type: 'integer', description: 'Page', default: 1, minimum: 1 }) page: number;
  @RestArg({ type: 'integer', description: 'Per page', minimum: 1 }) per_page?: number;
  @RestArg({ type: 'integer', description: 'How many records exist', default: 0, minimum: 0, callbackValidated: true }) total: number;
  @RestArg({ type: 'string', description: 'Search' }) search?: string;
  @RestArg({ type: 'array', items: 'integer', commaList: true, description: 'Ids' }) include?: number[];
}

class ProbeWriteArgs {
  @RestArg({ type: 'string', description: 'Title', required: true }) title: string;
  @RestArg({ type: 'string', description: 'Start', required: true }) start_date: string;
  @RestArg({ type: 'boolean', description: 'Flag', default: false }) all_day: boolean;
  @RestArg({
    type: 'string',
    description: 'Colour',
    validate: (v: string) => (v === 'blue' ? { code: 'not-blue', message: 'Blue is not allowed.' } : v !== 'mauve'),
  })
  colour?: string;
}

/** Routes that exercise the shared pipeline before the resource modules exist. */
@Controller('wp-json/tribe/events/v1/probe')
class ProbeController {
  @Get()
  @Paginated({ collection: 'probe', layout: 'posts', args: ProbeListArgs, pageNotFound: { code: 'probe-page-not-found', message: 'No such page.' } })
  list(@RestParams() args: ProbeListArgs) {
    const perPage = Math.min(args.per_page ?? 10, 50);
    const ids = Array.from({ length: args.total }, (_, i) => i + 1);
    return { items: ids.slice((args.page - 1) * perPage, args.page * perPage).map((id) => ({ id })), total: args.total, page: args.page, perPage };
  }

  @Get('terms')
  @Paginated({ collection: 'terms', layout: 'terms', args: ProbeListArgs })
  terms(@RestParams() args: ProbeListArgs) {
    const perPage = args.per_page ?? 10;
    const ids = Array.from({ length: args.total }, (_, i) => i + 1);
    return { items: ids.slice((args.page - 1) * perPage, args.page * perPage), total: args.total, page: args.page, perPage };
  }

  @Post()
  create(@RestParams() args: ProbeWriteArgs, @CurrentCaller() caller: Caller) {
    requireCapabilities(caller, 'edit_tribe_events');
    return { received: args, caller: caller.login };
  }

  @Put(':id')
  update(@IdParam() id: number, @RestParams() args: ProbeListArgs) {
    return { method: 'PUT', id, search: args.search ?? null };
  }

  @Delete(':id')
  remove(@IdParam() id: number) {
    return { method: 'DELETE', id };
  }

  @Get('boom')
  boom() {
    throw new Error('secret internals');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
