import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AppConfig } from '../config/app-config';
import { OptionsStore } from '../wordpress/options.store';
import { DescribeContextFactory } from './describe-context';
import { describeRoute } from './namespace-index';
import { RouteTable } from './route-table';

const SITE_OPTIONS = ['blogname', 'blogdescription', 'siteurl', 'home', 'gmt_offset', 'timezone_string', 'page_for_posts', 'site_logo', 'site_icon'];

const asInt = (value: string | undefined) => (value && /^-?\d+$/.test(value) ? Number(value) : 0);

/**
 * `GET /wp-json/` (and `/{lang}/wp-json/`): WordPress core's REST root index (`get_index`), so that
 * generic WordPress REST clients discover the namespaces and routes as on a WordPress site: the
 * plugin's, then those resources declare (`eca/v1`). Only namespaces this service implements are listed.
 */
@ApiTags('discovery')
@Controller('wp-json')
export class RestRootController {
  constructor(
    private readonly table: RouteTable,
    private readonly contexts: DescribeContextFactory,
    private readonly options: OptionsStore,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOkResponse({
    description: 'The site and its REST routes',
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        description: { type: 'string' },
        url: { type: 'string' },
        home: { type: 'string' },
        gmt_offset: { type: 'number' },
        timezone_string: { type: 'string' },
        namespaces: { type: 'array', items: { type: 'string' } },
        authentication: { type: 'object' },
        routes: { type: 'object', description: 'Each route with its methods and arguments, as the namespace indexes give them' },
      },
    },
  })
  @ApiOperation({
    summary: 'WordPress REST API root index',
    description:
      'WordPress core’s `/wp-json/` answer: the site’s name, address and time zone, its namespaces and routes, and where application passwords are authorized. Public. Generic WordPress REST clients start here.',
  })
  async index(@Req() req: Request) {
    const [ctx, raw] = await Promise.all([this.contexts.forRequest(req), this.options.getRaw(SITE_OPTIONS)]);
    // The site's address as every link gives it (SITE_URL, else `home`, else the request's origin);
    // `siteurl` only where it is the site's own (not replaced by SITE_URL or the request's host).
    const home = ctx.publicBase;
    const ownHome = (raw.get('home') ?? '').replace(/\/+$/, '') === home;
    const siteUrl = (ownHome && raw.get('siteurl')) || home;
    // wp-admin stays where a real WordPress's `siteurl` says, even when SITE_URL names this service;
    // a home guessed from the request (no SITE_URL, docs/decisions.md) has no wp-admin of its own.
    const adminBase = ((ownHome || this.config.siteUrl) && raw.get('siteurl')) || home;
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
      namespaces: this.table.namespaces(),
      authentication: {
        'application-passwords': { endpoints: { authorization: `${adminBase.replace(/\/+$/, '')}/wp-admin/authorize-application.php` } },
      },
      routes,
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    };
  }
}
