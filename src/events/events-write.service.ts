import { Injectable, Logger } from '@nestjs/common';
import { Caller } from '../wordpress/caller';
import { requireCapabilities, requirePermission } from '../auth/permissions';
import { DatabaseService } from '../database/database.service';
import { can } from '../auth/post-access';
import { RestError } from '../reasons/rest-error';
import { Permalinks } from '../wordpress/permalinks';
import { PostsStore } from '../wordpress/posts.store';
import { SiteClockService } from '../wordpress/site-clock';
import { EventUpdateArgs } from './dto/event-write.args';
import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { EventRef, EventsReadService } from './events-read.service';
import { addressedSlug, noRecordWithSlug } from '../rest/params/slug-segment';
import { EventWriteArgs, EventWritePlan, EventWritePlanner, StoredEvent } from './write/event-write-plan';
import { EventWriter } from './write/event-writer';
import { SeriesScope } from './dto/series-scope.arg';
import { SeriesWriter } from './series/series.writer';
import { noteListedWrite, noteSeriesOccurrences, noteTextOnlyWrite } from '../wordpress/write-journal';
import { EventListings } from './repository/event-listings';
import { suppliedArgs } from '../rest/params/rest-validation.pipe';
import { InlineWriteContext } from '../linked-posts';
import { RequestContext } from '../rest/request-context';
import { EventResponse } from './event.response';
import { CacheKey } from '../wordpress/cache-keys';
import { KeptTotals } from '../cache/kept-totals';
import { SeriesWriteListing } from './write/series-write-listing';

/** `DELETE …?force=true`: core's answer (docs/decisions.md, revising Q46). */
type Deleted = { deleted: true; previous: EventResponse };

/** What a write's work hands its answer: the event, and what it still reads and notes once written (`after`). */
interface Written {
  id: number;
  after?: () => Promise<void>;
}

/**
 * The write side of `/events` (events.md §3, §5, §6): validation (request DTO, then the database
 * checks of EventWritePlanner), the permission check, then ONE transaction for everything the write
 * touches; the answer is the single-event representation without `json_ld`.
 */
@Injectable()
export class EventsWriteService {
  private readonly logger = new Logger('EventsWrite');

  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly planner: EventWritePlanner,
    private readonly writer: EventWriter,
    private readonly reader: EventsReadService,
    private readonly clocks: SiteClockService,
    private readonly permalinks: Permalinks,
    private readonly series: SeriesWriter,
    private readonly listings: EventListings,
    private readonly keptTotals: KeptTotals,
    private readonly seriesListing: SeriesWriteListing,
  ) {}

  async create(ctx: RequestContext, args: EventWriteArgs): Promise<EventResponse> {
    const { caller, origin } = ctx;
    const clock = await this.clocks.clock();
    const plan = await this.planner.plan(ctx, args, clock);
    requireCapabilities(caller, 'edit_tribe_events');
    this.requireAuthorRight(plan, caller, undefined);
    // Issue #30: the rule is checked and expanded once the caller may write, before the transaction.
    const series = this.planner.series(plan, clock.now().ms);
    const links = await this.permalinks.forOrigin(origin);
    return this.transaction(
      ctx,
      () => RestError.internal(),
      async () => {
        const id = await this.writer.create(plan, { caller, clock, links });
        // Issue #24: the later occurrences in the same transaction, with multi-row statements.
        if (series) {
          const after = this.seriesListing.created(id);
          await this.series.create(id, series, links, clock.now());
          return { id, after };
        }
        this.keptTotals.created(id);
        return { id, after: async () => noteListedWrite(id, this.listings.addedOrRemoved(await this.listings.of(id))) };
      },
    );
  }

  /**
   * Handler order (events.md §5, auth §3): validation; permission — `edit_post` on an existing event,
   * else the general `edit_tribe_events`; then 404 `rest-event-not-found` / 400 `rest-invalid-event-id`.
   * An unknown slug reaches the handler (404), as in TEC; a known one gets the per-record check (Q62 DEVIATE).
   */
  async update(ctx: RequestContext, ref: EventRef, args: EventUpdateArgs): Promise<EventResponse> {
    const { caller, origin } = ctx;
    const stored = await this.stored(ref);
    const clock = await this.clocks.clock();
    const event = stored?.post.post_type === EVENT_POST_TYPE ? stored : undefined;
    const plan = await this.planner.plan(ctx, args, clock, event?.meta ?? new Map());
    if (event) requirePermission(caller, can('edit', caller, event.post, event.meta));
    else requireCapabilities(caller, 'edit_tribe_events');
    const post = this.existingEvent(ref, stored);
    this.requireAuthorRight(plan, caller, post.post);
    const series = this.planner.series(plan, clock.now().ms, post.meta);
    const links = await this.permalinks.forOrigin(origin);
    const failed = () => new RestError('could-not-update-event', 'The event could not be updated.', 403);
    const inline = { caller, clock, links };
    return this.transaction(ctx, failed, async () => {
      const id = post.post.ID;
      // One round trip, in this order: the lock, then what is read under it — the meta, and what the
      // lists select the event by before the write (EventListings; unused when it is in a series, and
      // an event that becomes a series retires every list).
      const [locked, meta, before] = await Promise.all([
        this.posts.lockedById(id),
        this.posts.metaOf(id, undefined),
        !series && !changesTextOnly(args) ? this.listings.of(id) : undefined,
      ]);
      const current = { post: locked!, meta };
      const firstId = await this.series.seriesOf(current.post, current.meta);
      // How many rows of each kept total that can hold them the event, or the series it changes whole,
      // are before the write (KeptTotals); a series' posts are locked first (SeriesWriteListing).
      const wholeSeries = firstId !== undefined ? scopeOf(firstId, id, args.scope) && [...new Set([firstId, id])] : series && [id];
      // A write through an occurrence changes its series from the first event: the caller may edit that
      // event, checked before the series is locked and counted.
      let firstEvent: StoredEvent | undefined;
      if (wholeSeries && firstId !== undefined && firstId !== id) {
        const [head, headMeta] = await Promise.all([this.posts.lockedById(firstId), this.posts.metaOf(firstId)]);
        requirePermission(caller, can('edit', caller, head!, headMeta));
        firstEvent = { post: head!, meta: headMeta };
      }
      const seriesWritten = wholeSeries ? (await this.seriesListing.before(wholeSeries)).after : undefined;
      if (!wholeSeries) await this.keptTotals.before(id, before && this.listings.holding(before));
      if (firstId !== undefined) {
        const alone = await this.updateInSeries(firstId, current, firstEvent, args.scope, plan, { ctx, inline });
        // An occurrence changed alone is listed as any event; what its series' summary shows (its
        // count, first and last start) is shown by the answers that carry it, under its first event —
        // which a change of its texts alone leaves as it was.
        if (alone && before)
          return { id, after: async () => noteListedWrite(id, [...this.listings.updated(before, await this.listings.of(id)), CacheKey.post(firstId)]) };
        if (alone && changesTextOnly(args)) noteTextOnlyWrite(id);
        return { id, after: seriesWritten };
      }
      await this.writer.update(current, plan, inline);
      if (series) {
        await this.series.create(id, series, links, clock.now());
        return { id, after: seriesWritten };
      } else if (before) return { id, after: async () => noteListedWrite(id, this.listings.updated(before, await this.listings.of(id))) };
      else noteTextOnlyWrite(id);
      return { id };
    });
  }

  /**
   * An update of an occurrence (docs/recurring-events.md "API"): without `scope` the occurrence alone
   * (kept as an exception), `all` (the default on the first event) the whole series from its first
   * event, `following` the series split at the occurrence. Whether it was the occurrence alone.
   * `firstEvent`: the series' first event, locked and read by `update` when `current` is another.
   */
  private async updateInSeries(
    firstId: number,
    current: StoredEvent,
    firstEvent: StoredEvent | undefined,
    scope: SeriesScope | undefined,
    plan: EventWritePlan,
    request: { ctx: RequestContext; inline: InlineWriteContext },
  ): Promise<boolean> {
    const { clock, links } = request.inline;
    const effective = scopeOf(firstId, current.post.ID, scope);
    const recurrence = plan.supplied('recurrence') ? plan.args.recurrence : undefined;
    if (effective === undefined) {
      if (recurrence !== undefined) {
        throw RestError.invalidParams({ recurrence: 'recurrence changes a series: send "scope": "all" or "following" with it.' });
      }
      await this.writer.update(current, plan, request.inline);
      await this.series.markException(current.post, current.meta);
      return true;
    }
    let head = firstId;
    let rule: unknown = recurrence;
    const split = effective === 'following' && current.post.ID !== firstId;
    if (split) {
      const rest = await this.series.split(firstId, current.post, current.meta, clock.now());
      rule = recurrence ?? rest;
      head = current.post.ID;
    }
    // The caller's right to edit the first event was checked when `update` read it, before the series was locked.
    const first = head === current.post.ID ? current : firstEvent!;
    // The whole series changes from its first event: the request is read against that event's fields.
    const firstPlan = first === current ? plan : await this.planner.plan(request.ctx, plan.args, clock, first.meta);
    // A split made the occurrence the first event of its own series: its rows as the split left them.
    const written = split ? { post: (await this.posts.lockedById(head))!, meta: await this.posts.metaOf(head) } : first;
    await this.writer.update(written, firstPlan, request.inline);
    await this.series.sync(head, rule, links, clock.now());
    return false;
  }

  /**
   * events.md §6: unknown slug → 400 on `slug` (validation); permission (`delete_post`, or the general
   * `delete_tribe_events` when no post exists); 404 / 400. Without `force`: trashed, 410
   * `event-is-in-trash` when it already is. With `force=true` (docs/decisions.md, revising Q46): deleted
   * for good, trashed or not, answered as WordPress core answers it: `{deleted: true, previous}`.
   */
  async remove(ctx: RequestContext, ref: EventRef, args: { force?: boolean; scope?: SeriesScope }): Promise<EventResponse | Deleted> {
    const { caller, origin } = ctx;
    const force = args.force === true;
    const scope = args.scope;
    const stored = await this.stored(ref);
    if ('slug' in ref && !stored) throw RestError.invalidParams({ slug: noRecordWithSlug('event', ref.slug) });
    if (stored?.post.post_type === EVENT_POST_TYPE) requirePermission(caller, can('delete', caller, stored.post, stored.meta));
    else requireCapabilities(caller, 'delete_tribe_events');
    const { post, meta } = this.existingEvent(ref, stored);
    const firstId = await this.series.seriesOf(post, meta);
    const wholeSeries = scope === 'all' && firstId !== undefined;
    const inTrash = () => new RestError('event-is-in-trash', 'The event is already in the trash.', 410);
    if (post.post_status === 'trash' && !force && !wholeSeries) throw inTrash();
    if (force && !wholeSeries && firstId === post.ID) {
      throw RestError.invalidParams({ scope: 'The first event of a series holds its rule: delete the whole series with "scope": "all", or trash it alone.' });
    }
    const clock = await this.clocks.clock();
    const links = await this.permalinks.forOrigin(origin);
    const failed = () => new RestError('could-not-delete-event', 'The event could not be deleted.', 500);
    if (wholeSeries && firstId !== post.ID) {
      const first = await this.posts.byId(firstId);
      if (first) requirePermission(caller, can('delete', caller, first, await this.posts.metaOf(firstId)));
    }
    // Issue #24: the whole series (its later occurrences first, so none is left without its first event), or one occurrence left out of it.
    const targets = async () => (wholeSeries ? [...(await this.series.children(firstId)), firstId] : [post.ID]);
    const excluded = async () => {
      // The first event trashed alone keeps the rule and its start (an exdate on it is refused, issue #30).
      if (firstId !== undefined && firstId !== post.ID && !wholeSeries) await this.series.exclude(firstId, meta.get('_EventStartDate')?.[0] ?? '', clock.now());
    };
    if (force) {
      return this.guarded(failed, () =>
        this.db.transaction(async () => {
          const current = await this.posts.lockedById(post.ID);
          // Deleted by another request since it was read.
          if (!current) throw this.notFound(ref);
          const previous = await this.reader.render(ctx, post.ID, { jsonLd: false });
          const ids = await targets();
          // An event in no series names the lists of what it had (EventListings), not every list, and
          // leaves the kept totals it was in one less (KeptTotals); an occurrence or a whole series, the
          // lists of what its series had (SeriesWriteListing).
          const listing = firstId === undefined ? await this.listings.of(post.ID) : undefined;
          if (listing) await this.keptTotals.before(post.ID, this.listings.holding(listing));
          const series = firstId !== undefined ? await this.seriesListing.before([firstId]) : undefined;
          for (const id of ids) {
            const row = id === post.ID ? current : series?.family.get(id);
            if (row) await this.writer.deletePermanently(row);
          }
          if (wholeSeries) noteSeriesOccurrences(firstId, 'deleted', ids.slice(0, -1));
          if (listing) noteListedWrite(post.ID, this.listings.addedOrRemoved(listing));
          await excluded();
          await series?.after();
          return { deleted: true as const, previous };
        }),
      );
    }
    return this.transaction(ctx, failed, async () => {
      const current = (await this.posts.lockedById(post.ID))!;
      if (current.post_status === 'trash' && !wholeSeries) throw inTrash();
      const ids = await targets();
      if (firstId === undefined) {
        const listing = await this.listings.of(post.ID);
        await this.keptTotals.before(post.ID, this.listings.holding(listing));
        noteListedWrite(post.ID, this.listings.addedOrRemoved(listing));
      }
      const series = firstId !== undefined ? await this.seriesListing.before([firstId]) : undefined;
      const trashed: number[] = [];
      for (const id of ids) {
        const row = id === post.ID ? current : series?.family.get(id);
        if (!row || row.post_status === 'trash') continue;
        await this.writer.trash(row, { caller, clock, links });
        if (id !== firstId) trashed.push(id);
      }
      if (wholeSeries) noteSeriesOccurrences(firstId, 'trashed', trashed);
      await excluded();
      return { id: post.ID, after: series?.after };
    });
  }

  /** The addressed post with its meta (any type and status), or undefined; an empty slug is a 400 for every caller. */
  private async stored(ref: EventRef): Promise<StoredEvent | undefined> {
    if ('id' in ref) {
      // Read together (one round trip); a missing post has no meta.
      const [post, meta] = await Promise.all([this.posts.byId(ref.id), this.posts.metaOf(ref.id)]);
      return post ? { post, meta } : undefined;
    }
    const post = await this.posts.bySlug(EVENT_POST_TYPE, addressedSlug(ref.slug));
    return post ? { post, meta: await this.posts.metaOf(post.ID) } : undefined;
  }

  private existingEvent(ref: EventRef, stored: StoredEvent | undefined): StoredEvent {
    const label = 'id' in ref ? String(ref.id) : ref.slug;
    if (!stored) throw this.notFound(ref);
    if (stored.post.post_type !== EVENT_POST_TYPE) throw new RestError('rest-invalid-event-id', `Post ${label} is not an event.`, 400);
    return stored;
  }

  private notFound(ref: EventRef): RestError {
    return new RestError('rest-event-not-found', `Event ${'id' in ref ? ref.id : ref.slug} was not found.`, 404);
  }

  /** Q24 DEVIATE: setting another user as author needs `edit_others_tribe_events` (403 `rest_cannot_edit_others`). */
  private requireAuthorRight(plan: EventWritePlan, caller: Caller, post: StoredEvent['post'] | undefined): void {
    const author = plan.input.author;
    if (author === undefined || author === caller.id || author === post?.post_author) return;
    if (!caller.capabilities.has('edit_others_tribe_events')) {
      throw new RestError('rest_cannot_edit_others', 'Sorry, you are not allowed to set another user as the author.', 403);
    }
  }

  /**
   * Runs the write in one transaction and renders the event inside it (so the answer is exactly what
   * was committed). The work's last reads (`after`) are read with the answer's first ones: one round trip.
   */
  private transaction(ctx: RequestContext, failure: () => RestError, work: () => Promise<Written>): Promise<EventResponse> {
    return this.guarded(failure, () =>
      this.db.transaction(async () => {
        const { id, after } = await work();
        const [answer] = await Promise.all([this.reader.render(ctx, id, { jsonLd: false }), after?.()]);
        return answer;
      }),
    );
  }

  /**
   * Storage failures answer `failure()` (logged); RestErrors (e.g. could-not-create-venue) pass. The
   * answer is made only on a failure: an error captures its stack when made, a cost per write.
   */
  private async guarded<T>(failure: () => RestError, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RestError) throw error;
      const answer = failure();
      this.logger.error(`${answer.code}: ${(error as Error).stack ?? error}`);
      throw answer;
    }
  }
}

/**
 * The update parameters that change only what an event's list item shows, and what a search matches —
 * not which events a list holds or their order (no list filters or orders on them; `password` is
 * ignored by every write).
 */
const TEXT_ONLY_PARAMS: ReadonlySet<string> = new Set(['title', 'description', 'excerpt', 'cost', 'website', 'show_map', 'show_map_link', 'image', 'password']);

/** The scope of an update of event `id` in the series of `firstId`: `all` by default on the first event, none (the occurrence alone) on another. */
function scopeOf(firstId: number, id: number, scope: SeriesScope | undefined): SeriesScope | undefined {
  return scope ?? (id === firstId ? 'all' : undefined);
}

/** Whether an update sends text-only parameters alone (docs/caching.md "What a write retires"). */
function changesTextOnly(args: EventUpdateArgs): boolean {
  const supplied = suppliedArgs(args);
  return supplied.size > 0 && [...supplied].every((name) => TEXT_ONLY_PARAMS.has(name));
}
