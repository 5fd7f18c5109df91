import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { Injectable, Logger } from '@nestjs/common';
import { Caller } from '../wordpress/caller';
import { requireCapabilities, requirePermission } from '../auth/permissions';
import { ListTotals } from '../cache/list-totals';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { effectivePerPage, Page } from '../rest/pagination/page';
import { addressedSlug, noRecordWithSlug } from '../rest/params/slug-segment';
import { RestError } from '../reasons/rest-error';
import { Permalinks } from '../wordpress/permalinks';
import { PostMeta, PostRow, PostsStore } from '../wordpress/posts.store';
import { formatUtc } from '../dates';
import { SiteClockService } from '../wordpress/site-clock';
import { SiteService } from '../wordpress/site.service';
import { LinkedInputResolver, ResolvedInput } from './linked-input.resolver';
import { LinkedPostLoader, recordShows } from './linked-post.loader';
import { LinkedPostWriter } from './linked-post.writer';
import { LinkedInput, LinkedPostType } from './linked-post-type';
import { LinkedListArgs } from './list-args';
import { LinkedListQuery, UPCOMING_STATUSES } from './repository/linked-list.query';
import { passwordAccess } from '../auth/post-access';
import { represent } from './representation';
import { ReadCredentials, RequestContext } from '../rest/request-context';
import { searchFragments } from './repository/search';
import { isTruthy } from './truthy';
import { can, canRead, jsonLdVisible, listStatuses, passwordUnlocked, readableStatuses } from '../auth/post-access';

/** How a route names its record: the `{id}` path segment or the `{slug}` of a by-slug route. */
export type RecordRef = { id: number } | { slug: string };

export type Representation = Record<string, unknown>;

/** What an embedding event read needs to represent its venue and organizers. */
export interface EmbedOptions {
  caller: Caller;
  requestOrigin: string;
  /** Single event read: the embedded records carry their `json_ld`. */
  single: boolean;
  credentials?: ReadCredentials;
}

/** A record as every caller's list shows it, and the keys it shows. */
export interface AlikeRepresentation {
  representation: Representation;
  shows: string[];
}

/** An ID or slug that names no record of the type: a bad parameter (validation comes first, Q-order). */
function unknownRecord(type: LinkedPostType, ref: RecordRef): RestError {
  if ('slug' in ref) return RestError.invalidParams({ slug: noRecordWithSlug(type.nameField, ref.slug) });
  return RestError.invalidParams({ id: `id: no ${type.nameField} has the ID ${ref.id}.` });
}

/**
 * The behaviour venues and organizers share (venues-organizers.md §3–§6, lists-and-filters.md §3): one
 * implementation driven by the LinkedPostType description of each resource.
 */
@Injectable()
export class LinkedPostsService {
  private readonly logger = new Logger('LinkedPosts');

  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly loader: LinkedPostLoader,
    private readonly writer: LinkedPostWriter,
    private readonly resolver: LinkedInputResolver,
    private readonly permalinks: Permalinks,
    private readonly clocks: SiteClockService,
    private readonly site: SiteService,
    private readonly config: AppConfig,
    private readonly totals: ListTotals,
  ) {}

  /**
   * The addressed record, of any status (trash included). Anything else is an invalid `id`/`slug`
   * parameter (Q45); slugs are normalised like WordPress `sanitize_title_for_query`.
   */
  async target(type: LinkedPostType, ref: RecordRef): Promise<{ post: PostRow; meta: PostMeta }> {
    const post = 'id' in ref ? await this.posts.byId(ref.id) : await this.posts.bySlug(type.postType, addressedSlug(ref.slug));
    if (!post || post.post_type !== type.postType) throw unknownRecord(type, ref);
    return { post, meta: await this.posts.metaOf(post.ID, undefined) };
  }

  async read(ctx: RequestContext, type: LinkedPostType, ref: RecordRef): Promise<Representation> {
    const { caller } = ctx;
    const { post, meta } = await this.target(type, ref);
    if (!canRead(caller, post, meta)) {
      throw new RestError(type.codes.notAccessible, `The ${type.nameField} is not accessible.`, 403);
    }
    return this.one(ctx, type, post.ID, true);
  }

  /**
   * Representations of many records at once, keyed by ID (missing IDs are absent). Used by the single
   * reads and by the events module for the venue/organizers of a page of events: whatever the records'
   * status (Q48), `json_ld` only for single reads and records the caller may see (protected ones once unlocked).
   */
  async embed(type: LinkedPostType, ids: readonly number[], options: EmbedOptions): Promise<Map<number, Representation>> {
    const [records, links] = await Promise.all([this.loader.load(type, ids, options.requestOrigin), this.permalinks.forOrigin(options.requestOrigin)]);
    const { caller, credentials = {} } = options;
    const result = new Map<number, Representation>();
    for (const [id, record] of records) {
      const unlocked = passwordUnlocked(caller, record.post, record.meta, credentials.password, credentials.context);
      const readable = canRead(caller, record.post, record.meta);
      // A venue/organizer unlocked by its password or by context=edit shows its JSON-LD (issue #16).
      result.set(id, represent(type, record, { links, jsonLd: options.single && jsonLdVisible(caller, record.post, unlocked), unlocked, readable }));
    }
    return result;
  }

  /**
   * The representations of `ids` embedded in an event that every caller gets alike — published records
   * without a password: readable by anyone, locked to no one, their `json_ld` shown to anyone who sees
   * the event's —, with the keys each shows (recordShows): in a list (no `json_ld`), or in a single
   * read (`single`). A record shown per caller maps to undefined; IDs that name no record of the type are absent.
   */
  async embedAlike(type: LinkedPostType, ids: readonly number[], requestOrigin: string, single = false): Promise<Map<number, AlikeRepresentation | undefined>> {
    const [records, links] = await Promise.all([this.loader.load(type, ids, requestOrigin), this.permalinks.forOrigin(requestOrigin)]);
    const result = new Map<number, AlikeRepresentation | undefined>();
    for (const [id, record] of records) {
      const alike = record.post.post_status === 'publish' && record.post.post_password === '';
      result.set(
        id,
        alike
          ? { representation: represent(type, record, { links, jsonLd: single, unlocked: true, readable: true }), shows: recordShows(id, record) }
          : undefined,
      );
    }
    return result;
  }

  async list(ctx: RequestContext, type: LinkedPostType, args: LinkedListArgs): Promise<Page<Representation>> {
    const { caller, credentials } = ctx;
    const statuses = listStatuses(caller, type.capabilityBase, args.status);
    const invalid: Record<string, string> = {};
    if (typeof statuses === 'string') invalid.status = statuses;
    if (args.event !== undefined && (await this.posts.byId(args.event))?.post_type !== EVENT_POST_TYPE)
      invalid.event = `event: no event has the ID ${args.event}.`;
    if (Object.keys(invalid).length) throw RestError.invalidParams(invalid);

    const query = new LinkedListQuery(this.db.sql, type, {
      statuses: readableStatuses(caller, type.postType, statuses as string[]),
      callerId: caller.id,
      event: args.event,
      hasEvents: args.has_events === undefined ? undefined : isTruthy(args.has_events),
      // Contract §3.3 (corrected): the upcoming events that count are those the caller could read —
      // published ones for everybody, private, draft and pending ones for callers allowed to read them.
      upcoming: isTruthy(args.only_with_upcoming)
        ? { fromUtc: formatUtc(Date.now()), statuses: readableStatuses(caller, EVENT_POST_TYPE, UPCOMING_STATUSES) }
        : undefined,
      eventAccess: passwordAccess(caller, 'tribe_events', credentials),
      search:
        args.search === undefined ? undefined : { fragments: searchFragments(args.search), recordAccess: passwordAccess(caller, type.postType, credentials) },
    });

    // One page of IDs and the total, both in SQL: the cost of a page does not grow with the list (issue #14).
    const perPage = effectivePerPage(args.per_page, await this.site.defaultPerPage(), this.config.maxPerPage);
    const { rows, total } = await query.list.run<{ ID: number }>((args.page - 1) * perPage, perPage, this.totals.counter);
    const pageIds = rows.map((row) => Number(row.ID));
    const reps = await this.embed(type, pageIds, { caller, requestOrigin: ctx.origin, single: false, credentials });
    return { items: pageIds.map((id) => reps.get(id)!).filter(Boolean), total, page: args.page, perPage };
  }

  async create(ctx: RequestContext, type: LinkedPostType, args: LinkedInput): Promise<Representation> {
    const { caller, origin: requestOrigin } = ctx;
    const clock = await this.clocks.clock();
    const input = await this.resolver.resolve(args, caller, clock, requestOrigin);
    requireCapabilities(caller, `edit_${type.capabilityBase}`);
    this.requireAuthorRight(type, input, caller, undefined);
    const links = await this.permalinks.forOrigin(requestOrigin);
    const id = await this.write(type.codes.couldNotCreate, 400, () => this.db.transaction(() => this.writer.create(type, input, { caller, clock, links })));
    return this.one(ctx, type, id, false);
  }

  async update(ctx: RequestContext, type: LinkedPostType, ref: RecordRef, args: LinkedInput): Promise<Representation> {
    const { caller, origin: requestOrigin } = ctx;
    const { post, meta } = await this.target(type, ref);
    const clock = await this.clocks.clock();
    const input = await this.resolver.resolve(args, caller, clock, requestOrigin);
    requirePermission(caller, can('edit', caller, post, meta));
    this.requireAuthorRight(type, input, caller, post);
    const links = await this.permalinks.forOrigin(requestOrigin);
    await this.write(type.codes.couldNotUpdate, 400, () =>
      this.db.transaction(async () => {
        const current = (await this.posts.lockedById(post.ID))!;
        await this.writer.update(type, current, input, { caller, clock, links });
      }),
    );
    return this.one(ctx, type, post.ID, false);
  }

  /**
   * Without `force`: trashed (410 when it already is). With `force=true` (docs/decisions.md, revising
   * Q46): deleted for good, trashed or not, answered as WordPress core does: `{deleted: true, previous}`.
   */
  async remove(ctx: RequestContext, type: LinkedPostType, ref: RecordRef, force: boolean): Promise<Representation> {
    const { caller } = ctx;
    const { post, meta } = await this.target(type, ref);
    requirePermission(caller, can('delete', caller, post, meta));
    const inTrash = () => new RestError(type.codes.inTrash, `The ${type.nameField} is already in the trash.`, 410);
    if (post.post_status === 'trash' && !force) throw inTrash();
    if (force) {
      return this.write(type.codes.couldNotDelete, 500, () =>
        this.db.transaction(async () => {
          const current = await this.posts.lockedById(post.ID);
          // Deleted by another request since it was read.
          if (!current) throw unknownRecord(type, ref);
          const previous = await this.one(ctx, type, post.ID, false);
          await this.writer.deletePermanently(type, current);
          return { deleted: true, previous };
        }),
      );
    }
    const clock = await this.clocks.clock();
    const links = await this.permalinks.forOrigin(ctx.origin);
    await this.write(type.codes.couldNotDelete, 500, () =>
      this.db.transaction(async () => {
        const current = (await this.posts.lockedById(post.ID))!;
        if (current.post_status === 'trash') throw inTrash();
        await this.writer.trash(type, current, { caller, clock, links });
      }),
    );
    return this.one(ctx, type, post.ID, false);
  }

  /** Q24 DEVIATE: setting another author needs `edit_others_<type>` (403 `rest_cannot_edit_others`). */
  private requireAuthorRight(type: LinkedPostType, input: ResolvedInput, caller: Caller, post: PostRow | undefined): void {
    if (input.author === undefined || input.author === caller.id || input.author === post?.post_author) return;
    if (!caller.capabilities.has(`edit_others_${type.capabilityBase}`)) {
      throw new RestError('rest_cannot_edit_others', 'Sorry, you are not allowed to set another user as the author.', 403);
    }
  }

  /** Storage failures of a write answer the type's code (errors.md §4); RestErrors pass through. */
  private async write<T>(code: string, status: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RestError) throw error;
      this.logger.error(`${code}: ${(error as Error).stack ?? error}`);
      throw new RestError(code, 'The record could not be written.', status);
    }
  }

  /** One record as the caller sees it (`single`: with its JSON-LD, as single reads show it). */
  private async one(ctx: RequestContext, type: LinkedPostType, id: number, single: boolean): Promise<Representation> {
    return (await this.embed(type, [id], { caller: ctx.caller, requestOrigin: ctx.origin, single, credentials: ctx.credentials })).get(id)!;
  }
}
