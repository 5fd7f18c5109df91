import { Injectable } from '@nestjs/common';
import { canPublish, scaleBackStatus } from '../../../src/auth/capabilities';
import { ANY_STATUSES, can, canRead, readableStatuses } from '../../../src/auth/post-access';
import { requireCapabilities, requirePermission } from '../../../src/auth/permissions';
import { renderedContent, renderedTitle } from '../../../src/cache/rendered-text';
import { AppConfig } from '../../../src/config/app-config';
import { DatabaseService } from '../../../src/database/database.service';
import { Page } from '../../../src/rest/pagination/page';
import { RequestContext } from '../../../src/rest/request-context';
import { collectionUrl } from '../../../src/resources/resource-urls';
import { postAuthorStatusDates } from '../../../src/rest/responses/post-fields';
import { RestError } from '../../../src/reasons/rest-error';
import { Permalinks } from '../../../src/wordpress/permalinks';
import { FLOATING_STATUSES, PostColumns, PostRow, PostsStore } from '../../../src/wordpress/posts.store';
import { savedContent, savedTitle } from '../../../src/wordpress/saved-text';
import { SiteClockService } from '../../../src/wordpress/site-clock';
import { SiteService } from '../../../src/wordpress/site.service';
import { sanitizeTitle } from '../../../src/wordpress/slugs';
import { SeriesArgs, SeriesListArgs } from './series.args';
import { SERIES_POST_TYPE, SERIES_RESOURCE } from './series.resource';
import { SeriesResponse } from './series.response';
import { SeriesRepository } from './series.repository';

const EDIT = `edit_${SERIES_RESOURCE.postTypes![SERIES_POST_TYPE]}`;

/** Series as the API shows and writes them: visibility, capabilities and transactions, with the shared WordPress helpers. */
@Injectable()
export class SeriesService {
  constructor(
    private readonly repository: SeriesRepository,
    private readonly posts: PostsStore,
    private readonly db: DatabaseService,
    private readonly clock: SiteClockService,
    private readonly permalinks: Permalinks,
    private readonly site: SiteService,
    private readonly config: AppConfig,
  ) {}

  /** The series the caller could read one by one: published ones, its own drafts, others' with the capabilities. */
  async list(ctx: RequestContext, args: SeriesListArgs): Promise<Page<SeriesResponse>> {
    const statuses = readableStatuses(ctx.caller, SERIES_POST_TYPE, ANY_STATUSES);
    const { rows, total } = await this.repository.visiblePage(statuses, ctx.caller.id, args.page, args.per_page);
    return { items: await this.shape(rows, ctx), total, page: args.page, perPage: args.per_page };
  }

  async read(ctx: RequestContext, id: number): Promise<SeriesResponse> {
    const post = await this.find(id, () => this.posts.byId(id));
    requirePermission(ctx.caller, canRead(ctx.caller, post));
    return this.one(post, ctx);
  }

  async create(ctx: RequestContext, args: SeriesArgs): Promise<SeriesResponse> {
    const { caller } = ctx;
    requireCapabilities(caller, EDIT);
    const title = savedTitle(args.title ?? '', caller);
    if (title === '') throw new RestError('series-title-required', 'A series needs a title.', 400);
    const links = await this.permalinks.forOrigin(ctx.origin);
    const now = (await this.clock.clock()).now();
    const status = scaleBackStatus(args.status, canPublish(SERIES_POST_TYPE, caller.capabilities as Set<string>), true)!;
    const id = await this.db.transaction(async () => {
      const slug = FLOATING_STATUSES.has(status) ? '' : await this.posts.uniqueSlug(sanitizeTitle(title), SERIES_POST_TYPE, 0, status);
      return this.posts.insert({
        post_type: SERIES_POST_TYPE,
        post_status: status,
        post_author: caller.id,
        post_title: title,
        post_content: savedContent(args.description ?? '', caller),
        post_name: slug,
        post_date: now.local,
        post_date_gmt: now.gmt,
        post_modified: now.local,
        post_modified_gmt: now.gmt,
        guid: (ID) => links.guid({ ID, post_type: SERIES_POST_TYPE, post_status: status, post_name: slug }),
      });
    });
    return this.one((await this.posts.byId(id))!, ctx);
  }

  /** Partial update: only the arguments sent change. */
  async update(ctx: RequestContext, id: number, args: SeriesArgs): Promise<SeriesResponse> {
    const { caller } = ctx;
    const now = (await this.clock.clock()).now();
    await this.db.transaction(async () => {
      const post = await this.find(id, () => this.posts.lockedById(id));
      requirePermission(caller, can('edit', caller, post));
      const columns: Partial<PostColumns> = { post_modified: now.local, post_modified_gmt: now.gmt };
      if (args.title !== undefined) columns.post_title = savedTitle(args.title, caller);
      if (args.description !== undefined) columns.post_content = savedContent(args.description, caller);
      const status = scaleBackStatus(args.status, canPublish(SERIES_POST_TYPE, caller.capabilities as Set<string>), false);
      if (status !== undefined) columns.post_status = status;
      // A draft has no slug until it leaves the floating statuses (WordPress `wp_insert_post`).
      if (status && !FLOATING_STATUSES.has(status) && !post.post_name) {
        columns.post_name = await this.posts.uniqueSlug(sanitizeTitle(columns.post_title ?? post.post_title), SERIES_POST_TYPE, id, status);
      }
      await this.posts.update(id, columns);
    });
    return this.one((await this.posts.byId(id))!, ctx);
  }

  /** Moves the series to the trash (WordPress `wp_trash_post`). */
  async remove(ctx: RequestContext, id: number): Promise<SeriesResponse> {
    const now = (await this.clock.clock()).now();
    await this.db.transaction(async () => {
      const post = await this.find(id, () => this.posts.lockedById(id));
      requirePermission(ctx.caller, can('delete', ctx.caller, post));
      await this.posts.trash(post, now);
    });
    return this.one((await this.posts.byId(id))!, ctx);
  }

  private async find(id: number, read: () => Promise<PostRow | undefined>): Promise<PostRow> {
    const post = await read();
    if (!post || post.post_type !== SERIES_POST_TYPE) throw new RestError('series-not-found', 'No series has this ID.', 404);
    return post;
  }

  private async one(post: PostRow, ctx: RequestContext): Promise<SeriesResponse> {
    return (await this.shape([post], ctx))[0];
  }

  /** The records in SeriesResponse's shape; every URL from the site's base and the resource's own namespace. */
  private async shape(posts: PostRow[], ctx: RequestContext): Promise<SeriesResponse[]> {
    const links = await this.permalinks.forOrigin(ctx.origin);
    const collection = collectionUrl(await this.site.publicBase(ctx.origin), this.config, SERIES_RESOURCE);
    return posts.map((post) => ({
      id: post.ID,
      global_id: links.globalId(post.ID),
      global_id_lineage: links.globalIdLineage(post.ID),
      ...postAuthorStatusDates(post),
      url: links.permalink(post),
      rest_url: `${collection}/${post.ID}`,
      title: renderedTitle(post.post_title),
      description: renderedContent(post.post_content),
      slug: post.post_name,
    }));
  }
}
