import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequestContext, RestRequest } from '../rest/request-context';
import { RestError } from '../reasons/rest-error';
import { readMonth } from './pages/month-grid';
import { SiteAnswers } from './site-answers';
import { PageSubject, SitePagesService } from './site-pages.service';
import { EVENT_POST_TYPE } from '../wordpress/post-types';

const queryString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The site's pages, where every `url` of the API points (docs/site-pages.md): the plugin's default
 * paths, and `/` with WordPress's query forms (`?p={id}`, `?post_type=…&p={id}` for records without a
 * pretty permalink, `?tribe_events={slug}` … under plain permalinks). Outside the REST namespace, so
 * neither the namespace index, /doc nor `Allow` list them.
 */
@ApiExcludeController()
@Controller()
export class SitePagesController {
  constructor(
    private readonly answers: SiteAnswers,
    private readonly pages: SitePagesService,
  ) {}

  @Get()
  home(@Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.answers.answer(req, res, (ctx) => this.fromQuery(req.query, ctx));
  }

  @Get('events')
  archive(@Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.answers.answer(req, res, async () => ({ kind: 'archive' }));
  }

  /** The month grid (`?month=YYYY-MM`, else the site's current month); a malformed month is the 404 page. */
  @Get('events/month')
  month(@Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.answers.answer(req, res, async (_ctx, site) => {
      const param = queryString(req.query.month);
      const month = readMonth(param ?? site.today.slice(0, 7));
      if (!month) throw new RestError('rest_invalid_param', 'month is not a month (YYYY-MM).', 404);
      return { kind: 'month', month };
    });
  }

  @Get('event/:slug')
  event(@Param('slug') slug: string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.answers.answer(req, res, (ctx) => this.pages.eventBySlug(slug, ctx));
  }

  @Get('venue/:slug')
  venue(@Param('slug') slug: string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.answers.answer(req, res, (ctx) => this.pages.venue({ slug }, ctx));
  }

  @Get('organizer/:slug')
  organizer(@Param('slug') slug: string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.answers.answer(req, res, (ctx) => this.pages.organizer({ slug }, ctx));
  }

  /** `/events/category/{parent…}/{slug}/`: a category is named by its own (last) slug. */
  @Get('events/category/*path')
  category(@Param('path') path: string[] | string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    const slug = [path].flat().filter(Boolean).pop() ?? '';
    return this.answers.answer(req, res, (ctx) => this.pages.category(slug, ctx));
  }

  /** TEC's tag archive, and WordPress's (`/tag/{slug}/`, where a tag's `url` points). */
  @Get(['events/tag/:slug', 'tag/:slug'])
  tag(@Param('slug') slug: string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.answers.answer(req, res, (ctx) => this.pages.tag(slug, ctx));
  }

  // A protected record's password form posts back to its own address (WordPress posts it to
  // wp-login.php and keeps it in a cookie; here it is sent with that one request only).

  @Post()
  homeWithPassword(@Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.home(req, res);
  }

  @Post('event/:slug')
  eventWithPassword(@Param('slug') slug: string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.event(slug, req, res);
  }

  @Post('venue/:slug')
  venueWithPassword(@Param('slug') slug: string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.venue(slug, req, res);
  }

  @Post('organizer/:slug')
  organizerWithPassword(@Param('slug') slug: string, @Req() req: RestRequest, @Res({ passthrough: true }) res: Response) {
    return this.organizer(slug, req, res);
  }

  /** `/` with WordPress's query forms, else the home page. */
  private fromQuery(query: RestRequest['query'], ctx: RequestContext): Promise<PageSubject> {
    const id = queryString(query.p);
    const postType = queryString(query.post_type);
    if (id !== undefined) {
      if (!/^\d+$/.test(id)) return Promise.reject(new RestError('rest_post_invalid_id', 'Invalid post ID.', 404));
      return this.pages.post(Number(id), postType, ctx);
    }
    const event = queryString(query.tribe_events);
    if (event !== undefined) return this.pages.eventBySlug(event, ctx);
    const venue = queryString(query.tribe_venue);
    if (venue !== undefined) return this.pages.venue({ slug: venue }, ctx);
    const organizer = queryString(query.tribe_organizer);
    if (organizer !== undefined) return this.pages.organizer({ slug: organizer }, ctx);
    const category = queryString(query.tribe_events_cat);
    if (category !== undefined) return this.pages.category(category, ctx);
    const tag = queryString(query.tag);
    if (tag !== undefined) return this.pages.tag(tag, ctx);
    return Promise.resolve(postType === EVENT_POST_TYPE ? { kind: 'archive' } : { kind: 'home' });
  }
}
