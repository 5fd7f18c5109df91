import { Injectable, Type } from '@nestjs/common';
import { renderedTitle } from '../cache/rendered-text';
import { CATEGORIES } from '../categories/categories.taxonomy';
import { AppConfig } from '../config/app-config';
import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { asJson } from '../rest/responses/json-answer';
import { EventListArgs, EventsReadService } from '../events';
import { LinkedPostResource } from '../linked-posts/linked-post.resource';
import { RecordRef, Representation } from '../linked-posts/linked-posts.service';
import { passwordUnlocked } from '../auth/post-access';
import { OrganizersService } from '../organizers/organizers.service';
import { addressedSlug } from '../rest/params/slug-segment';
import { RestValidationPipe } from '../rest/params/rest-validation.pipe';
import { RequestContext } from '../rest/request-context';
import { RestError } from '../reasons/rest-error';
import { TAGS } from '../tags/tags.taxonomy';
import { HierarchicalTermListArgs, TermListArgs } from '../terms/dto/term-list.args';
import { EndpointTerm } from '../terms/term-shapes';
import { TermTaxonomy } from '../terms/term-taxonomy';
import { TermsService } from '../terms/terms.service';
import { VenuesService } from '../venues/venues.service';
import { PostsStore } from '../wordpress/posts.store';
import type { CalendarMonth } from './pages/month-grid';

/** One page of events as a list shows it. */
export interface EventPage {
  events: Representation[];
  page: number;
  totalPages: number;
}

/** What a page is about; the events of list pages are read separately (`events` / `upcoming`). */
export type PageSubject =
  | { kind: 'home' }
  | { kind: 'archive' }
  | { kind: 'event'; event: Representation; locked: boolean }
  | { kind: 'venue' | 'organizer'; record: Representation; title: string; locked: boolean }
  | { kind: 'category' | 'tag'; term: EndpointTerm }
  | { kind: 'month'; month: CalendarMonth };

/** How a page's events are filtered (the REST list's parameters). */
export type EventFilter = Partial<Pick<EventListArgs, 'categories' | 'tags' | 'venue' | 'organizer'>>;

/** The most events a month grid (and its feed) shows: a month busier than this is cut at the end. */
export const MONTH_EVENTS = 500;

/** Events of an archive's iCalendar feed: the plugin's count (TEC `iCal::$feed_default_export_count`). */
export const FEED_EVENTS = 30;

const validation = new RestValidationPipe();

/** A REST DTO from plain parameters, validated as the route would (a bad value is a RestError 400). */
async function validated<T>(dto: Type<T>, params: Record<string, unknown>): Promise<T> {
  return (await validation.transform(params, { type: 'custom', metatype: dto })) as T;
}

/**
 * The data of the site's pages, read through the API's own services so that every visibility,
 * password and status rule is the API's: a record the caller may not read through the API is a
 * RestError here too (the page answers 404), and a locked password-protected record is the API's
 * blanked representation.
 */
@Injectable()
export class SitePagesService {
  constructor(
    private readonly events: EventsReadService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: TermsService,
    private readonly posts: PostsStore,
    private readonly config: AppConfig,
  ) {}

  /** The event a pretty permalink names (`/event/{slug}/`). */
  async eventBySlug(slug: string, ctx: RequestContext): Promise<PageSubject> {
    const post = await this.posts.bySlug(EVENT_POST_TYPE, addressedSlug(slug));
    if (!post) throw new RestError('rest-event-not-found', 'No event has this slug.', 404);
    return this.event(post.ID, ctx);
  }

  /** The event as `GET /events/{id}` shows it to the caller, or its list representation when it is locked. */
  async event(id: number, ctx: RequestContext): Promise<PageSubject> {
    try {
      return { kind: 'event', event: asJson(await this.events.read(ctx, { id })), locked: false };
    } catch (error) {
      if (!(error instanceof RestError) || error.code !== 'event-password-protected') throw error;
    }
    // Locked: what the list shows of it (title and dates; content blanked, no JSON-LD).
    const args = await validated(EventListArgs, { include: [id], per_page: 1 });
    const [event] = (await this.events.list(ctx, args)).items;
    if (!event) throw new RestError('rest-event-not-found', 'The event is not listed.', 404);
    return { kind: 'event', event: asJson(event), locked: true };
  }

  /** The event as `GET /events/{id}` shows it to the caller; undefined when it may not read it (or its content is locked). */
  async readableEvent(id: number, ctx: RequestContext): Promise<Representation | undefined> {
    try {
      return asJson(await this.events.read(ctx, { id }));
    } catch (error) {
      if (error instanceof RestError && error.status < 500) return undefined;
      throw error;
    }
  }

  async venue(ref: RecordRef, ctx: RequestContext): Promise<PageSubject> {
    return { kind: 'venue', ...(await this.linked(this.venues, ref, ctx)) };
  }

  async organizer(ref: RecordRef, ctx: RequestContext): Promise<PageSubject> {
    return { kind: 'organizer', ...(await this.linked(this.organizers, ref, ctx)) };
  }

  /** The record as `GET /venues/{id}` (or `/organizers/…`) shows it, and whether its protected fields are hidden. */
  private async linked(
    resource: LinkedPostResource<object>,
    ref: RecordRef,
    ctx: RequestContext,
  ): Promise<{ record: Representation; title: string; locked: boolean }> {
    const record: Representation = { ...(await resource.read(ctx, ref)) };
    const post = (await this.posts.byId(Number(record.id)))!;
    // The title shows even when the rest is locked (the API's blanking empties the name field too).
    return {
      record,
      title: renderedTitle(post.post_title),
      locked: !passwordUnlocked(ctx.caller, post, undefined, ctx.credentials.password, ctx.credentials.context),
    };
  }

  /** The post `?p={id}` names, whatever its type among events, venues and organizers. */
  async post(id: number, postType: string | undefined, ctx: RequestContext): Promise<PageSubject> {
    const type = postType ?? (await this.posts.byId(id))?.post_type;
    if (type === EVENT_POST_TYPE) return this.event(id, ctx);
    if (type === 'tribe_venue') return this.venue({ id }, ctx);
    if (type === 'tribe_organizer') return this.organizer({ id }, ctx);
    throw new RestError('rest_post_invalid_id', 'No event, venue or organizer has this ID.', 404);
  }

  async category(slug: string, ctx: RequestContext): Promise<PageSubject> {
    return { kind: 'category', term: await this.term(CATEGORIES, HierarchicalTermListArgs, slug, ctx) };
  }

  async tag(slug: string, ctx: RequestContext): Promise<PageSubject> {
    return { kind: 'tag', term: await this.term(TAGS, TermListArgs, slug, ctx) };
  }

  private async term(taxonomy: TermTaxonomy, dto: Type<TermListArgs>, slug: string, ctx: RequestContext): Promise<EndpointTerm> {
    const args = await validated(dto, { slug: addressedSlug(slug), hide_empty: false, per_page: 1 });
    const [term] = (await this.terms.list(ctx, taxonomy, args)).items;
    if (!term) throw new RestError('rest_term_invalid', 'No term has this slug.', 404);
    return term;
  }

  /** The events a list page shows: the REST list's default window and order, the site's page size. */
  async eventPage(filter: EventFilter, page: unknown, ctx: RequestContext): Promise<EventPage> {
    const args = await validated(EventListArgs, { ...filter, page: page ?? 1 });
    const { items, total, perPage } = await this.events.list(ctx, args);
    return { events: items.map(asJson), page: args.page, totalPages: Math.ceil(total / perPage) };
  }

  /** The next FEED_EVENTS events of a list. */
  upcoming(filter: EventFilter, ctx: RequestContext): Promise<Representation[]> {
    return this.collect(filter, FEED_EVENTS, ctx);
  }

  /** The events of the days `from` to `to` (`YYYY-MM-DD`, in the site's zone, as the list's window), at most MONTH_EVENTS. */
  between(from: string, to: string, ctx: RequestContext): Promise<Representation[]> {
    return this.collect({ start_date: `${from} 00:00:00`, end_date: `${to} 23:59:59` }, MONTH_EVENTS, ctx);
  }

  /** The events with these IDs as the list shows them to the caller, whatever their dates (those it may not list are left out). */
  listedByIds(ids: readonly number[], ctx: RequestContext): Promise<Representation[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.collect({ include: [...ids], start_date: '1000-01-01 00:00:00', end_date: '9999-12-31 23:59:59' }, ids.length, ctx);
  }

  /** The first `limit` events of a list (several REST pages when MAX_PER_PAGE is smaller). */
  private async collect(params: Record<string, unknown>, limit: number, ctx: RequestContext): Promise<Representation[]> {
    const perPage = Math.min(limit, this.config.maxPerPage);
    const events: Representation[] = [];
    for (let page = 1; events.length < limit; page++) {
      const args = await validated(EventListArgs, { ...params, page, per_page: perPage });
      const { items, total } = await this.events.list(ctx, args);
      events.push(...items.map(asJson));
      if (page * perPage >= total || items.length === 0) break;
    }
    return events.slice(0, limit);
  }
}
