import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { canOnPost, canPublish, scaleBackStatus } from '../../../src/auth/capabilities';
import { Caller } from '../../../src/auth/caller';
import { CurrentCaller } from '../../../src/auth/current-caller.decorator';
import { requireCapabilities, requirePermission } from '../../../src/auth/permissions';
import { DatabaseService } from '../../../src/database/database.service';
import { Paginated } from '../../../src/rest/pagination/pagination.interceptor';
import { IdParam } from '../../../src/rest/params/id-param.decorator';
import { RestParams } from '../../../src/rest/params/rest-params.decorator';
import { RestError } from '../../../src/rest/rest-error';
import { PostRow, PostsStore } from '../../../src/wordpress/posts.store';
import { SiteClockService } from '../../../src/wordpress/site-clock';
import { SeriesArgs, SeriesListArgs } from './series.args';
import { SERIES_POST_TYPE, SeriesRepository } from './series.repository';

const shape = (post: PostRow) => ({ id: post.ID, title: post.post_title, status: post.post_status, author: Number(post.post_author) });

/** A list and CRUD on the `eca_series` post type, checked with the capabilities its declaration maps. */
@Controller('wp-json/tribe/events/v1/series')
export class SeriesController {
  constructor(
    private readonly repository: SeriesRepository,
    private readonly posts: PostsStore,
    private readonly db: DatabaseService,
    private readonly clock: SiteClockService,
  ) {}

  @Get()
  @Paginated({ collection: 'series', layout: 'posts', args: SeriesListArgs })
  async list(@RestParams() args: SeriesListArgs) {
    const { rows, total } = await this.repository.publishedPage(args.page, args.per_page);
    return { items: rows.map(shape), total, page: args.page, perPage: args.per_page };
  }

  @Get(':id')
  async read(@IdParam() id: number, @CurrentCaller() caller: Caller) {
    const post = await this.find(id);
    requirePermission(caller, canOnPost('read', post, caller.id, caller.capabilities as Set<string>));
    return shape(post);
  }

  @Post()
  async create(@RestParams() args: SeriesArgs, @CurrentCaller() caller: Caller) {
    requireCapabilities(caller, 'edit_eca_series');
    const status = scaleBackStatus(args.status, canPublish(SERIES_POST_TYPE, caller.capabilities as Set<string>), true)!;
    const now = (await this.clock.clock()).now();
    const id = await this.db.transaction(() =>
      this.posts.insert({
        post_type: SERIES_POST_TYPE,
        post_status: status,
        post_author: caller.id,
        post_title: args.title ?? '',
        post_name: '',
        post_date: now.local,
        post_date_gmt: now.gmt,
        post_modified: now.local,
        post_modified_gmt: now.gmt,
        guid: (postId) => `http://127.0.0.1:3000/?post_type=${SERIES_POST_TYPE}&p=${postId}`,
      }),
    );
    return shape((await this.posts.byId(id))!);
  }

  @Post(':id')
  @HttpCode(200)
  updatePost(@IdParam() id: number, @RestParams() args: SeriesArgs, @CurrentCaller() caller: Caller) {
    return this.update(id, args, caller);
  }

  @Put(':id')
  updatePut(@IdParam() id: number, @RestParams() args: SeriesArgs, @CurrentCaller() caller: Caller) {
    return this.update(id, args, caller);
  }

  @Patch(':id')
  updatePatch(@IdParam() id: number, @RestParams() args: SeriesArgs, @CurrentCaller() caller: Caller) {
    return this.update(id, args, caller);
  }

  private async update(id: number, args: SeriesArgs, caller: Caller) {
    const post = await this.find(id);
    requirePermission(caller, canOnPost('edit', post, caller.id, caller.capabilities as Set<string>));
    const status = scaleBackStatus(args.status, canPublish(SERIES_POST_TYPE, caller.capabilities as Set<string>), false);
    await this.db.transaction(() => this.posts.update(id, { post_title: args.title, post_status: status }));
    return shape((await this.posts.byId(id))!);
  }

  @Delete(':id')
  async remove(@IdParam() id: number, @CurrentCaller() caller: Caller) {
    const post = await this.find(id);
    requirePermission(caller, canOnPost('delete', post, caller.id, caller.capabilities as Set<string>));
    await this.db.transaction(() => this.posts.update(id, { post_status: 'trash' }));
    return shape((await this.posts.byId(id))!);
  }

  private async find(id: number): Promise<PostRow> {
    const post = await this.posts.byId(id);
    if (!post || post.post_type !== SERIES_POST_TYPE) throw new RestError('series-not-found', 'No series has this ID.', 404);
    return post;
  }
}
