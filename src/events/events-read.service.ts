import { Injectable } from '@nestjs/common';
import { Caller, isAuthenticated } from '../wordpress/caller';
import { ListTotals } from '../cache/list-totals';
import { dependOn } from '../cache/dependencies';
import { CacheKey } from '../wordpress/cache-keys';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { passwordAccess, searchAccess, canRead, jsonLdVisible, listStatuses, passwordUnlocked, readableStatuses } from '../auth/post-access';
import { ReadCredentials, RequestContext } from '../rest/request-context';
import { effectivePerPage, Page } from '../rest/pagination/page';
import { addressedSlug, noRecordWithSlug } from '../rest/params/slug-segment';
import { RestError } from '../reasons/rest-error';
import { PostRow, PostsStore } from '../wordpress/posts.store';
import { SiteService } from '../wordpress/site.service';
import { DateInputError, DateWindowParams, eventDateWindow } from '../dates';
import { EventListArgs } from './dto/event-list.args';
import { EventListFilters, EventListQuery } from './repository/event-list.query';
import { TicketData } from './repository/ticket-links';
import { GeoSelection, VenueGeoIndex, DEFAULT_RADIUS_KM, searchArea } from '../venues';
import { EventLoader, EventRepresentationMode } from './read/event.loader';
import { EventTexts, NOT_AN_EVENT } from './read/event-texts';
import { JsonText } from '../rest/json-text';
import { EventSettingsReader } from './read/event-settings';
import { searchTerms } from './read/event-search';
import { EventTermFilter } from './read/event-term-filter';
import { shownValue } from '../reasons/shown-value';
import { EventResponse } from './event.response';
import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { monthKeys, monthKeysOf } from './list-months';
import { searchTermKey } from './search-grams';

export type EventRef = { id: number } | { slug: string };

export interface RenderOptions {
  /**
   * Whether the answer carries `json_ld` (and the embedded venue/organizers theirs). Default true, as
   * agreed for the seam; write answers of events.md §3/§5/§6 have none, so the writer passes false.
   */
  jsonLd?: boolean;
}

/**
 * The read side of `/events` (events.md §1–§2, lists-and-filters.md §1–§2): single reads with TEC's
 * handler order, the list with every filter, and `render` for the write side.
 */
@Injectable()
export class EventsReadService {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly loader: EventLoader,
    private readonly settings: EventSettingsReader,
    private readonly termFilter: EventTermFilter,
    private readonly site: SiteService,
    private readonly config: AppConfig,
    private readonly totals: ListTotals,
    private readonly tickets: TicketData,
    private readonly venueGeo: VenueGeoIndex,
    private readonly texts: EventTexts,
  ) {}

  /** The single-event representation of any status, no visibility check (the write side's answers). */
  async render(ctx: RequestContext, id: number, options: RenderOptions = {}): Promise<EventResponse> {
    const mode: EventRepresentationMode = options.jsonLd === false ? 'plain' : 'single';
    const reps = await this.loader.represent([id], { caller: ctx.caller, requestOrigin: ctx.origin, mode });
    const rep = reps.get(id);
    if (!rep) throw new RestError('rest-event-not-found', `Event ${id} was not found.`, 404);
    return rep;
  }

  /** `GET /events/{id}` and `/events/by-slug/{slug}` (events.md §2.1 handler order). */
  async read(ctx: RequestContext, ref: EventRef): Promise<EventResponse> {
    const { caller, origin: requestOrigin, credentials } = ctx;
    const post = await this.target(ref, requestOrigin);
    if (post.post_status === 'trash') throw new RestError('event-no-longer-available', 'The event is in the trash.', 403);
    if (!canRead(caller, post)) throw new RestError('event-not-accessible', 'The event is not accessible.', 403);
    if (!passwordUnlocked(caller, post, undefined, credentials.password, credentials.context)) {
      throw new RestError('event-password-protected', 'The event is password protected.', 403);
    }
    const reps = await this.loader.represent([post.ID], {
      caller,
      requestOrigin,
      credentials,
      mode: jsonLdVisible(caller, post) ? 'single' : 'single-without-json-ld',
    });
    return reps.get(post.ID)!;
  }

  /**
   * The answer of `GET /events/{id}` and `/events/by-slug/{slug}`: the read model's text of the event
   * where every caller who may read it sees it alike (EventTexts.single), else `read`.
   */
  async answer(ctx: RequestContext, ref: EventRef): Promise<EventResponse | JsonText> {
    const id = await this.idOf(ref);
    const text = id === undefined ? undefined : await this.texts.single(id, ctx);
    if (text instanceof JsonText) return text;
    // No event has the ID: refused after one more read of the post (404 or 400), not the whole road's.
    if (text === NOT_AN_EVENT) await this.eventPost(id!);
    return this.read(ctx, ref);
  }

  /** `answer` for an anonymous caller from the event's read model row alone, else undefined (the front road: src/app/front-reads.road.ts). */
  async storedAnswer(ref: EventRef): Promise<JsonText | undefined> {
    const id = await this.idOf(ref);
    return id === undefined ? undefined : this.texts.stored(id);
  }

  /** The ID of the event a read addresses (by slug: the lowest ID with it, of any status), if any. */
  private async idOf(ref: EventRef): Promise<number | undefined> {
    return 'id' in ref ? ref.id : this.posts.idBySlug(EVENT_POST_TYPE, addressedSlug(ref.slug));
  }

  /** The addressed event: unknown ID 404, non-event 400, unknown slug 400 on `slug` (Q45, events.md §2.2). */
  private async target(ref: EventRef, requestOrigin: string): Promise<PostRow> {
    // An event's row is usually shared under the data version already (EventLoader); anything else is read.
    const event = 'id' in ref ? await this.loader.post(ref.id, requestOrigin) : undefined;
    if (event) return event;
    if ('slug' in ref) {
      const post = await this.posts.bySlug(EVENT_POST_TYPE, addressedSlug(ref.slug));
      if (!post) throw RestError.invalidParams({ slug: noRecordWithSlug('event', ref.slug) });
      return post;
    }
    return this.eventPost(ref.id);
  }

  /** The post an ID addresses as an event: unknown 404, another type 400. */
  private async eventPost(id: number): Promise<PostRow> {
    const post = await this.posts.byId(id);
    if (!post) throw new RestError('rest-event-not-found', `Event ${id} was not found.`, 404);
    if (post.post_type !== EVENT_POST_TYPE) throw new RestError('rest-invalid-event-id', `Post ${id} is not an event.`, 400);
    return post;
  }

  /** A page of `GET /events` as values (lists-and-filters.md §2): what the site's pages show. */
  async list(ctx: RequestContext, args: EventListArgs): Promise<Page<EventResponse>> {
    return this.page(ctx, args, (ids) =>
      this.loader.represent(ids, { caller: ctx.caller, requestOrigin: ctx.origin, credentials: ctx.credentials, mode: 'list' }),
    );
  }

  /** The answer's page of `GET /events`: its items as JSON text where the read model holds them (EventTexts). */
  async answerPage(ctx: RequestContext, args: EventListArgs): Promise<Page<EventResponse | JsonText>> {
    return this.page(ctx, args, (ids) => this.texts.items(ids, { caller: ctx.caller, requestOrigin: ctx.origin, credentials: ctx.credentials }));
  }

  private async page<T>(ctx: RequestContext, args: EventListArgs, items: (ids: number[]) => Promise<Map<number, T>>): Promise<Page<T>> {
    // A search selects by the events' texts, which a write may change without changing which events lists hold (CacheKey.text).
    if (args.search !== undefined) dependOn([CacheKey.text(EVENT_POST_TYPE)]);
    const filters = await this.filters(args, ctx.caller, ctx.credentials);
    dependOn(listedKeys(filters));
    // Writes that can say which texts they changed name their runs' buckets instead (search-grams.ts).
    if (filters.search) dependOn(filters.search.map((term) => searchTermKey(term.text)));
    const perPage = effectivePerPage(args.per_page, await this.site.defaultPerPage(), this.config.maxPerPage);
    const query = new EventListQuery(this.db.sql, filters, this.config.eventDatesSource);
    const { rows, total } = await query.list.run<{ ID: number; list_key?: string }>((args.page - 1) * perPage, perPage, this.totals.counter);
    // The page's range, after the total was counted: the total shows only which events the window holds.
    dependOn(pageKeys(filters, rows));
    const ids = rows.map((row) => Number(row.ID));
    const found = await items(ids);
    return { items: ids.map((id) => found.get(id)).filter((item) => item !== undefined), total, page: args.page, perPage };
  }

  /** Validates the parameters that need the database (all failures in one 400) and builds the filters. */
  private async filters(args: EventListArgs, caller: Caller, credentials: ReadCredentials): Promise<EventListFilters> {
    const invalid: Record<string, string> = {};
    const statuses = listStatuses(caller, EVENT_POST_TYPE, args.status);
    if (typeof statuses === 'string') invalid.status = statuses;
    const [categories, tags, venueIds, organizerIds, parentOk, ticketData, geo] = await Promise.all([
      args.categories && this.termFilter.resolve('tribe_events_cat', args.categories),
      args.tags && this.termFilter.resolve('post_tag', args.tags),
      args.venue && this.existing('tribe_venue', args.venue),
      args.organizer && this.existing('tribe_organizer', args.organizer),
      args.post_parent === undefined || this.posts.byId(args.post_parent).then((p) => p?.post_type === EVENT_POST_TYPE),
      args.ticketed !== undefined && this.tickets.present(),
      this.geoSelection(args),
    ]);
    if (typeof categories === 'string') invalid.categories = `categories: no event category has the ID, slug or name ${shownValue(categories)}.`;
    if (typeof tags === 'string') invalid.tags = `tags: no tag has the ID, slug or name ${shownValue(tags)}.`;
    if (typeof venueIds === 'string') invalid.venue = `venue: no venue has the ID ${venueIds}.`;
    if (typeof organizerIds === 'string') invalid.organizer = `organizer: no organizer has the ID ${organizerIds}.`;
    if (!parentOk) invalid.post_parent = `post_parent: no event has the ID ${args.post_parent}.`;
    // Without any Event Tickets data the plugin's answer without Event Tickets (errors.md): `true` fails, `false` is no filter.
    const details: Record<string, unknown> = {};
    if (args.ticketed && !ticketData) {
      invalid.ticketed = 'Event Tickets is not active: events cannot be filtered by ticket.';
      details.ticketed = { code: 'event-tickets-not-active', message: invalid.ticketed, data: null };
    }
    if (Object.keys(invalid).length) throw RestError.invalidParams(invalid, details);

    const settings = await this.settings.read();
    const window = this.window(args, settings.timezone, settings);
    return {
      // Every string (a refusal) was thrown above.
      statuses: readableStatuses(caller, EVENT_POST_TYPE, statuses as string[]),
      callerId: caller.id,
      dates: window.conditions,
      orderKey: window.orderKey,
      include: args.include && [...new Set(args.include)],
      categoryTermTaxonomyIds: (categories as number[] | undefined) || undefined,
      tagTermTaxonomyIds: (tags as number[] | undefined) || undefined,
      venueIds: (venueIds as number[] | undefined) || undefined,
      organizerIds: (organizerIds as number[] | undefined) || undefined,
      geo,
      featured: args.featured,
      ticketed: ticketData ? args.ticketed : undefined,
      postParent: args.post_parent,
      search: args.search === undefined ? undefined : searchTerms(args.search),
      excludeProtected: args.search !== undefined && !isAuthenticated(caller),
      access: passwordAccess(caller, EVENT_POST_TYPE, credentials),
      searchAccess: args.search === undefined ? undefined : searchAccess(caller, EVENT_POST_TYPE, credentials),
    };
  }

  /**
   * The date window (§2.2). With `include` the window is ignored (Q19 DEVIATE): only explicit
   * `starts_*`/`ends_*` bounds apply.
   */
  private window(args: EventListArgs, timezone: string, options: { multiDayCutoff?: string; timezoneMode?: string }) {
    const params: DateWindowParams = {
      start_date: args.start_date,
      end_date: args.end_date,
      starts_before: args.starts_before,
      starts_after: args.starts_after,
      ends_before: args.ends_before,
      ends_after: args.ends_after,
      strict_dates: args.strict_dates,
    };
    const relative = [args.starts_before, args.starts_after, args.ends_before, args.ends_after].some((v) => v !== undefined);
    try {
      const window = eventDateWindow(args.include ? { ...params, start_date: undefined, end_date: undefined } : params, timezone, Date.now(), options);
      return args.include && !relative ? { ...window, conditions: [] } : window;
    } catch (error) {
      if (error instanceof DateInputError) throw RestError.invalidParams({ [error.param]: error.reason });
      throw error;
    }
  }

  /**
   * `geoloc_lat` + `geoloc_lng` (both validated together by EventListArgs): the events whose venue lies
   * within `geoloc_radius`; `geoloc` truthy alone: the events whose venue has coordinates; else none.
   */
  private async geoSelection(args: EventListArgs): Promise<GeoSelection | undefined> {
    if (args.geoloc_lat !== undefined && args.geoloc_lng !== undefined) {
      const centre = { lat: Number(args.geoloc_lat), lng: Number(args.geoloc_lng) };
      return this.venueGeo.select(searchArea(centre, args.geoloc_radius ?? DEFAULT_RADIUS_KM));
    }
    return args.geoloc ? this.venueGeo.select('all') : undefined;
  }

  /** The IDs when every one names a post of that type (any status), else null. */
  /** The IDs, or the first one that names no post of the type (as a string). */
  private async existing(postType: string, values: (string | number)[]): Promise<number[] | string> {
    const ids = [...new Set(values.map(Number))];
    const found = await this.posts.byIds(ids);
    const missing = ids.find((id) => found.get(id)?.post_type !== postType);
    return missing === undefined ? ids : String(missing);
  }
}

/**
 * Which event writes can change the events a list with these filters holds, besides the writes that
 * cannot say (`type`, route-wide: events.controller.ts): those of an event that had or has one of the
 * venues, organizers or terms it is filtered by; else any that changed what the lists select by
 * besides the dates (CacheKey.listed), and of those that moved an event's dates only, the ones whose
 * months hold a bound of the window (list-months.ts; the page's range follows: pageKeys), or any when
 * the list cannot tell by months (CacheKey.listedDates). The filters are ANDed, so the one naming
 * fewest is enough: an event the list holds has one of them.
 */
function listedKeys(filters: EventListFilters): string[] {
  const filtered = [
    filters.venueIds?.map((id) => CacheKey.listedWith('post', id)),
    filters.organizerIds?.map((id) => CacheKey.listedWith('post', id)),
    filters.categoryTermTaxonomyIds?.map((id) => CacheKey.listedWith('tt', id)),
    filters.tagTermTaxonomyIds?.map((id) => CacheKey.listedWith('tt', id)),
  ].filter((keys) => keys !== undefined);
  if (filtered.length) return filtered.reduce((narrowest, keys) => (keys.length < narrowest.length ? keys : narrowest));
  const bounds = byMonths(filters) && monthKeysOf(filters.dates.map((condition) => condition.value));
  return [CacheKey.listed(EVENT_POST_TYPE), ...(bounds || [CacheKey.listedDates(EVENT_POST_TYPE)])];
}

/** The months of a page's range, for a list that tells by months (listedKeys): an event moved across them may enter, leave or cross it. */
function pageKeys(filters: EventListFilters, rows: { list_key?: string }[]): string[] {
  if (!rows.length || !byMonths(filters)) return [];
  const range = [rows[0].list_key, rows[rows.length - 1].list_key];
  return (range.every((date) => typeof date === 'string') && monthKeys(range as string[])) || [CacheKey.listedDates(EVENT_POST_TYPE)];
}

/**
 * Whether the list holds its events by their dates, order included, and by what else an event's write
 * declares (EventListings), so that a move of an event's dates changes it only within the months it
 * spans: not filtered by a venue, organizer or term (those lists have their own keys), nor by place
 * (which its venue decides), nor `include` (ordered by publication date).
 */
function byMonths(filters: EventListFilters): boolean {
  const { venueIds, organizerIds, categoryTermTaxonomyIds, tagTermTaxonomyIds, geo, include } = filters;
  return [venueIds, organizerIds, categoryTermTaxonomyIds, tagTermTaxonomyIds, geo, include].every((filter) => filter === undefined);
}
