import { Controller, Get, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { OptionsStore } from '../wordpress/options.store';
import { DescribeContextFactory } from './describe-context';
import { describeRoute } from './namespace-index';
import { RouteTable } from './route-table';

const SITE_OPTIONS = ['blogname', 'blogdescription', 'siteurl', 'home', 'gmt_offset', 'timezone_string', 'page_for_posts', 'site_logo', 'site_icon'];

const asInt = (value: string | undefined) => (value && /^-?\d+$/.test(value) ? Number(value) : 0);

/**
 * `GET /wp-json/` (and `/{lang}/wp-json/`): WordPress core's REST root index (`get_index`), so that
 * generic WordPress REST clients discover this namespace and its routes as on a WordPress site.
 * Only the namespace this service implements is listed.
 */
@ApiTags('discovery')
@Controller('wp-json')
export class RestRootController {
  constructor(
    private readonly table: RouteTable,
    private readonly contexts: DescribeContextFactory,
    private readonly options: OptionsStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'WordPress REST API root index' })
  async index(@Req() req: Request) {
    const [ctx, raw] = await Promise.all([this.contexts.forRequest(req), this.options.getRaw(SITE_OPTIONS)]);
    const home = raw.get('home') || ctx.publicBase;
    const siteUrl = raw.get('siteurl') || home;
    const routes: Record<string, unknown> = {
      '/': {
        namespace: '',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
        _links: { self: [{ href: `${ctx.restRoot}/` }] },
      },
    };
    for (const route of this.table.routes()) routes[route.pattern] = describeRoute(route, ctx);
    const gmtOffset = Number(raw.get('gmt_offset') ?? 0);
    return {
      name: raw.get('blogname') ?? '',
      description: raw.get('blogdescription') ?? '',
      url: siteUrl,
      home,
      gmt_offset: Number.isFinite(gmtOffset) ? gmtOffset : 0,
      timezone_string: raw.get('timezone_string') ?? '',
      page_for_posts: asInt(raw.get('page_for_posts')),
      site_logo: asInt(raw.get('site_logo')),
      site_icon: asInt(raw.get('site_icon')),
      site_icon_url: '',
      namespaces: [ctx.site.namespace],
      authentication: {
        'application-passwords': { endpoints: { authorization: `${siteUrl.replace(/\/+$/, '')}/wp-admin/authorize-application.php` } },
      },
      routes,
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    };
  }
}
