import { Injectable } from '@nestjs/common';
import { canPublish, scaleBackStatus } from '../../auth/capabilities';
import { Caller } from '../../wordpress/caller';
import { InlineWriteContext } from '../../linked-posts';
import { OrganizersService } from '../../organizers';
import { VenuesService } from '../../venues';
import { FLOATING_STATUSES, PostColumns, PostMeta, PostRow, PostsStore, settleScheduledStatus } from '../../wordpress/posts.store';
import { AttachmentsStore } from '../../wordpress/attachments';
import { phpTrim } from '../../wordpress/text-sanitize';
import { ksesPost, ksesTitle } from '../../wordpress/rendering';
import { SiteNow } from '../../wordpress/site-clock';
import { sanitizeTitle } from '../../wordpress/slugs';
import { preparePublicationDates } from '../../dates';
import { TecTables } from '../repository/tec-tables';
import { DATE_KEYS, META, metaFlag, ORIGIN, sameValues, storedWebsite, ZONE_KEYS } from './event-meta';
import { EVENT_TAXONOMIES, EventTermsWriter, NewTermsTally } from './event-terms';
import { EventWritePlan, StoredEvent } from './event-write-plan';
import { KnownRange } from '../repository/known-range';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';

/** WordPress `title_save_pre` / `content_save_pre`: kses for callers without `unfiltered_html` (auth §3). */
export function savedTitle(raw: string, caller: Caller): string {
  // PHP trim (title_save_pre): spaces, tabs, line breaks, NUL and \v only — not JavaScript's unicode whitespace.
  return phpTrim(caller.capabilities.has('unfiltered_html') ? raw : ksesTitle(raw));
}
export function savedContent(raw: string, caller: Caller): string {
  return caller.capabilities.has('unfiltered_html') ? raw : ksesPost(raw);
}

/**
 * Phase two of an event write, inside the request's one transaction: the posts row, the meta in the
 * order TEC writes it, terms and counts, inline venue/organizers, the TEC custom tables, the known
 * range and TEC's `_tribe_modified_fields` bookkeeping (storage.md §2, §3, §6–§8, §11, §14).
 */
@Injectable()
export class EventWriter {
  constructor(
    private readonly posts: PostsStore,
    private readonly terms: EventTermsWriter,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly tec: TecTables,
    private readonly knownRange: KnownRange,
    private readonly attachments: AttachmentsStore,
  ) {}

  async create(plan: EventWritePlan, ctx: InlineWriteContext): Promise<number> {
    const { caller, clock, links } = ctx;
    const { args, input } = plan;
    const now = clock.now();
    const requested = scaleBackStatus(args.status, canPublish(EVENT_POST_TYPE, caller.capabilities as Set<string>), true)!;
    const dates = preparePublicationDates(input.dates, { siteTimezone: clock.timezone, now: now.ms, status: requested })!;
    const status = settleScheduledStatus(requested, dates.post_date_gmt, now.ms);
    const title = savedTitle(args.title ?? '', caller);
    const floating = FLOATING_STATUSES.has(status);
    // events.md §4.10: a given slug is sanitised; omitted, it derives from the title unless the event floats.
    let slug = (plan.supplied('slug') ? sanitizeTitle(args.slug!) : '') || (floating ? '' : sanitizeTitle(title));
    if (!floating && slug) slug = await this.posts.claimSlug(slug, EVENT_POST_TYPE, 0, status);
    const id = await this.posts.insert({
      post_type: EVENT_POST_TYPE,
      post_status: status,
      post_author: input.author ?? caller.id,
      post_title: title,
      post_content: plan.supplied('description') ? savedContent(args.description!, caller) : '',
      post_excerpt: plan.supplied('excerpt') ? savedContent(args.excerpt!, caller) : '',
      post_name: slug,
      ...dates,
      post_modified: now.local,
      post_modified_gmt: now.gmt,
      menu_order: args.sticky ? -1 : 0,
      guid: (ID) => links.guid({ ID, post_type: EVENT_POST_TYPE, post_status: status, post_name: slug }),
    });
    await this.posts.batchMeta(id, () => this.writeMeta(id, plan, new Map(), ctx, now, true));
    await this.afterWrite(id);
    return id;
  }

  /** Partial update (events.md §5.1, Q9/Q47/Q68 DEVIATE): only supplied fields change. */
  async update(stored: StoredEvent, plan: EventWritePlan, ctx: InlineWriteContext): Promise<void> {
    const { caller, clock } = ctx;
    const { args, input } = plan;
    const post = stored.post;
    const now = clock.now();
    const columns: Partial<PostColumns> = { post_modified: now.local, post_modified_gmt: now.gmt };
    if (plan.supplied('title')) columns.post_title = savedTitle(args.title!, caller);
    if (plan.supplied('description')) columns.post_content = savedContent(args.description!, caller);
    if (plan.supplied('excerpt')) columns.post_excerpt = savedContent(args.excerpt!, caller);
    if (input.author !== undefined) columns.post_author = input.author;
    if (plan.supplied('sticky')) columns.menu_order = args.sticky ? -1 : post.menu_order === -1 ? 0 : post.menu_order;

    const requested = scaleBackStatus(
      plan.supplied('status') ? args.status : undefined,
      canPublish(EVENT_POST_TYPE, caller.capabilities as Set<string>),
      false,
    );
    if (requested !== undefined || input.dates.date !== undefined || input.dates.date_utc !== undefined) {
      const target = requested ?? post.post_status;
      const dates = preparePublicationDates(input.dates, { siteTimezone: clock.timezone, now: now.ms, status: target, stored: post });
      Object.assign(columns, dates, { post_status: settleScheduledStatus(target, (dates ?? post).post_date_gmt, now.ms) });
    }
    columns.post_name = await this.slugAfterUpdate(post, plan, columns);

    await this.posts.update(post.ID, columns);
    const status = columns.post_status ?? post.post_status;
    await this.posts.recordSlugChange(post.ID, post.post_name, columns.post_name, status);
    const changedColumns = (['post_title', 'post_content', 'post_excerpt', 'post_status'] as const).filter(
      (c) => columns[c] !== undefined && columns[c] !== post[c],
    );
    await this.posts.batchMeta(post.ID, () => this.writeMeta(post.ID, plan, stored.meta, ctx, now, false, changedColumns));
    await this.afterWrite(post.ID);
  }

  /** WP core `wp_trash_post` (storage.md §8); the TEC table rows are kept, counts and range refreshed. */
  async trash(post: PostRow, ctx: InlineWriteContext): Promise<void> {
    const now = ctx.clock.now();
    // The trash rows and `_tribe_modified_fields` go in one INSERT (a series trashes each occurrence here).
    await this.posts.batchMeta(post.ID, async () => {
      const keys = await this.posts.trash(post, now);
      await this.posts.trackModified(post.ID, [...keys, 'post_status'], now);
    });
    await this.afterWrite(post.ID);
  }

  /**
   * WP core `wp_delete_post` with TEC's hooks (storage.md §8, §14): terms detached and counts kept, the
   * TEC table rows, meta and row removed, the known range refreshed if the event held a bound.
   */
  async deletePermanently(post: PostRow): Promise<void> {
    await this.terms.detachAll(post);
    await this.tec.remove(post.ID);
    await this.posts.deletePermanently(post);
    await this.knownRange.refresh(post.ID);
  }

  /** Term counts follow the event's status (storage.md §7); TEC's known range follows published events. */
  private async afterWrite(id: number): Promise<void> {
    await this.terms.recountObjects(id);
    await this.knownRange.refresh(id);
  }

  /**
   * The slug after an update: back from the trash (`_wp_desired_post_slug`), renamed by a body `slug`
   * (Q13 DEVIATE), derived from the title once the event no longer floats, unique when not floating.
   */
  private async slugAfterUpdate(post: PostRow, plan: EventWritePlan, columns: Partial<PostColumns>): Promise<string> {
    const status = columns.post_status ?? post.post_status;
    let name = post.post_name;
    if (post.post_status === 'trash' && status !== 'trash') name = await this.posts.slugLeavingTrash(post);
    if (plan.supplied('slug')) name = sanitizeTitle(plan.args.slug!) || name;
    if (status === 'trash' || FLOATING_STATUSES.has(status)) return name;
    if (!name) name = sanitizeTitle(columns.post_title ?? post.post_title);
    if (name === post.post_name && status === post.post_status) return name;
    return this.posts.claimSlug(name, EVENT_POST_TYPE, post.ID, status);
  }

  /**
   * The meta of the supplied fields (every field with its default on create), in TEC's order, then the
   * TEC tables when the dates changed and `_tribe_modified_fields`.
   */
  private async writeMeta(
    id: number,
    plan: EventWritePlan,
    meta: PostMeta,
    ctx: InlineWriteContext,
    now: SiteNow,
    isCreate: boolean,
    changed: string[] = [],
  ): Promise<void> {
    const { caller } = ctx;
    const { args, supplied } = plan;
    const set = async (key: string, value: string) => {
      if (await this.posts.setMeta(id, key, value)) changed.push(key);
    };
    const remove = async (key: string) => {
      if (await this.posts.deleteMeta(id, key)) changed.push(key);
    };
    const replace = async (key: string, values: readonly string[]) => {
      if (sameValues(meta, key, values)) return;
      await this.posts.replaceMeta(id, key, values);
      changed.push(key);
    };

    // An update's TEC row IDs are read with its first statements, the terms' (one round trip fewer).
    const { dates, allDay } = plan.eventDates;
    const tecRows = dates && !isCreate ? this.tec.storedRows(id) : undefined;
    tecRows?.catch(() => undefined);

    // Terms first: TEC assigns them with the post, so its bookkeeping row is the event's first meta row.
    const assigned = new Map<string, readonly string[]>();
    for (const { taxonomy, assignCapability } of EVENT_TAXONOMIES) {
      const items = plan.terms.get(taxonomy);
      if (items !== undefined && this.terms.canAssign(caller, assignCapability)) assigned.set(taxonomy, items);
    }
    await this.terms.assign(id, assigned, new NewTermsTally());
    await this.posts.trackModified(id, [...assigned.keys()], now);

    if (isCreate) {
      await this.posts.addMeta(id, META.origin, ORIGIN);
      changed.push(META.origin);
    }
    // events.md §3.2: created without the map flags, both rows hold "" (Q43 COPY).
    if (isCreate || supplied('show_map_link')) await set(META.showMapLink, metaFlag(args.show_map_link ?? false));
    if (isCreate || supplied('show_map')) await set(META.showMap, metaFlag(args.show_map ?? false));

    const venue = await this.venues.applyForEvent(plan.venue, ctx);
    if (venue?.length) await replace(META.venue, venue.map(String));
    else if (venue) await remove(META.venue);
    const organizers = await this.organizers.applyForEvent(plan.organizer, ctx);
    if (organizers) await replace(META.organizer, organizers.map(String));

    if (allDay === '1') await set(META.allDay, '1');
    else if (allDay === null && !isCreate) await remove(META.allDay);
    if (dates) for (const key of DATE_KEYS) await set(key, dates[key]);

    if (plan.cost) await this.writeCost(plan, meta, isCreate, set, replace);
    if (supplied('website')) {
      const website = storedWebsite(args.website!);
      // events.md §4.8: `""` writes no row on create (the permalink shows), `""` on update.
      if (website !== '' || !isCreate) await set(META.url, website);
    }
    if (dates) for (const key of ZONE_KEYS) await set(key, dates[key]);

    if (supplied('featured')) await (args.featured ? set(META.featured, '1') : remove(META.featured));
    if (supplied('hide_from_listings')) await (args.hide_from_listings ? set(META.hide, 'yes') : remove(META.hide));
    const image = plan.input.image;
    if (image) await set(META.thumbnail, String(await this.attachments.imageId(image, ctx.caller.id, id, now)));
    else if (image === null && !isCreate) await remove(META.thumbnail);

    if (dates) await this.tec.upsert(id, dates, now.gmt, { created: isCreate, stored: tecRows });
    await this.posts.trackModified(id, changed, now);
  }

  /**
   * `_EventCost` rows replaced by the supplied values; the currency rows re-derived. Nothing derived:
   * no row on create; on update existing currency rows are kept empty, as TEC does (events.md §4.6).
   */
  private async writeCost(
    plan: EventWritePlan,
    meta: PostMeta,
    isCreate: boolean,
    set: (key: string, value: string) => Promise<void>,
    replace: (key: string, values: readonly string[]) => Promise<void>,
  ): Promise<void> {
    const cost = plan.cost!;
    await replace(META.cost, cost.costs);
    for (const [key, value] of [
      [META.currencySymbol, cost.currencySymbol],
      [META.currencyPosition, cost.currencyPosition],
    ] as const) {
      if (value !== null) await set(key, value);
      else if (!isCreate && meta.has(key)) await set(key, '');
    }
  }
}
