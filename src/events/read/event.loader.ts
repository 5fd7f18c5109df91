import { Injectable } from '@nestjs/common';
import { CacheKey } from '../../wordpress/cache-keys';
import { Caller } from '../../wordpress/caller';
import { DatabaseService } from '../../database/database.service';
import { attachmentKeys, embeddedOrganizers, embeddedVenue, linkIds } from '../../linked-posts';
import { ReadCredentials } from '../../rest/request-context';
import { passwordUnlocked } from '../../auth/post-access';
import { blankProtected } from '../../wordpress/password-blanking';
import { OrganizersService } from '../../organizers';
import { TermLinksFactory } from '../../terms';
import { VenuesService } from '../../venues';
import { AttachmentsStore } from '../../wordpress/attachments';
import { Permalinks } from '../../wordpress/permalinks';
import { PostRow, PostsStore } from '../../wordpress/posts.store';
import { SiteService } from '../../wordpress/site.service';
import { TermsStore } from '../../wordpress/terms.store';
import { mapEvent } from '../event.mapper';
import { eventJsonLd } from '../json-ld';
import { EventRecord, firstMeta } from './event-record';
import { EventSettingsReader } from './event-settings';
import { DurableValues, RecordCache } from '../../cache/record-cache';
import { TermCounts } from '../../cache/term-counts';
import { ORIGIN_PLACEHOLDER, ReadModel } from '../../read-model';
import { SeriesFields, SeriesReader } from '../series/series.reader';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import type { EventResponse } from '../event.response';

const THUMBNAIL_ID = '_thumbnail_id';

/**
 * How the representation is built:
 * - `single`: a single GET the caller may see JSON-LD for: `json_ld`, embedded records with theirs;
 * - `single-without-json-ld`: a single GET without `json_ld` (password-protected, events.md §1.5);
 * - `plain`: write answers, no `json_ld` anywhere (events.md §3, §5, §6);
 * - `list`: list items: no `json_ld`, password-protected events blanked unless unlocked (§4.4).
 */
export type EventRepresentationMode = 'single' | 'single-without-json-ld' | 'plain' | 'list';

export interface RepresentOptions {
  caller: Caller;
  requestOrigin: string;
  mode: EventRepresentationMode;
  credentials?: ReadCredentials;
}

/** What every caller's representation of an event is built from (shared under the data version). */
export interface EventBase {
  record: Omit<EventRecord, 'venue' | 'organizer'>;
  /** `_EventVenueID` / `_EventOrganizerID` values as IDs, in row order (linkIds). */
  venueIds: number[];
  organizerIds: number[];
  /** mapEvent's object with empty `venue` / `organizer`: they depend on the caller and are set per request. */
  event: EventResponse;
}

/**
 * Loads and represents any number of events with a fixed number of queries: posts, all their meta,
 * their terms, their images, their venues and organizers (each batched), plus the request's options.
 * The caller-independent part of each event (its mapped representation without the embedded records)
 * is shared by the requests of one data version (RecordCache); what depends on the caller — the
 * embedded venue and organizers, `json_ld`, password blanking — is applied per request.
 */
@Injectable()
export class EventLoader {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly terms: TermsStore,
    private readonly attachments: AttachmentsStore,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly permalinks: Permalinks,
    private readonly termLinks: TermLinksFactory,
    private readonly site: SiteService,
    private readonly settings: EventSettingsReader,
    private readonly cache: RecordCache,
    private readonly series: SeriesReader,
    private readonly readModel: ReadModel,
    private readonly counts: TermCounts,
  ) {}

  /** Representations keyed by ID; IDs that are not events are absent. */
  async represent(ids: readonly number[], options: RepresentOptions): Promise<Map<number, EventResponse>> {
    const { caller, requestOrigin, mode, credentials = {} } = options;
    const bases = await this.sharedBases(ids, requestOrigin);
    if (!bases.size) return new Map();
    // The request's `password` and `context=edit` unlock the event only: its protected venue and
    // organizers stay blanked, as the plugin's `post_password_required` leaves them (issue #31 item 8).
    const embed = { caller, requestOrigin, single: mode === 'single' || mode === 'single-without-json-ld' };
    const all = (pick: (base: EventBase) => number[]) => [...bases.values()].flatMap(pick).filter((id) => id > 0);
    const [venues, organizers, settings, counts, series] = await Promise.all([
      this.venues.embed(
        all((b) => b.venueIds),
        embed,
      ),
      this.organizers.embed(
        all((b) => b.organizerIds),
        embed,
      ),
      mode === 'single' ? this.settings.read() : undefined,
      // A base does not show its terms' counts (baseShows): read apart, current (TermCounts); undefined
      // when nothing is shared or inside a write, where the bases were read now, counts included.
      this.counts.current(all((b) => [...b.record.categories, ...b.record.tags].map((term) => term.term_taxonomy_id))),
      this.seriesFields(bases),
    ]);

    const result = new Map<number, EventResponse>();
    for (const [id, base] of bases) {
      const record: EventRecord = {
        ...base.record,
        // The linked records' representations, shaped as VenueResponse / OrganizerResponse document them
        // (src/linked-posts' mapper still returns records: typed there by the resource pattern's own change).
        venue: embeddedVenue(base.venueIds, venues) as unknown as EventResponse['venue'],
        organizer: embeddedOrganizers(base.organizerIds, organizers) as unknown as EventResponse['organizer'],
      };
      // Issue #24: every occurrence of a series carries its rule and the series' summary after the plugin's keys.
      const event: EventResponse = {
        ...base.event,
        ...series.get(id),
        ...(counts && withCounts(base.event, counts)),
        venue: record.venue,
        organizer: record.organizer,
      };
      if (mode === 'single') event.json_ld = eventJsonLd(record, event, settings!);
      const locked = mode === 'list' && !passwordUnlocked(caller, record.post, record.meta, credentials.password, credentials.context);
      result.set(id, locked ? blankProtected(event) : event);
    }
    return result;
  }

  /**
   * `recurrence` and `series` of the events that belong to a series, read with each answer rather than
   * kept in the bases: a series' summary (its count and bounds) moves with any write to its events, so
   * a base holding it would be retired by every event write (`type:tribe_events`). A page without
   * series reads nothing more.
   */
  private async seriesFields(bases: ReadonlyMap<number, EventBase>): Promise<Map<number, SeriesFields>> {
    const records = [...bases.values()].map((base) => base.record);
    return this.series.fields(
      records.map((record) => record.post),
      new Map(records.map((record) => [record.post.ID, record.meta])),
    );
  }

  /** The event's post row as the representation will use it (none when `id` is not an event). */
  async post(id: number, requestOrigin: string): Promise<PostRow | undefined> {
    return (await this.sharedBases([id], requestOrigin)).get(id)?.record.post;
  }

  /**
   * The caller-independent part of the events among `ids`: shared under the data version, except
   * inside a write. `kept`: also kept as read model rows (the road of values). The events' texts
   * share them in memory only: a write retires a text and its event's row together, so that row's
   * read would nearly always miss and its fill cost one more transaction per first read (EventTexts).
   */
  async sharedBases(ids: readonly number[], requestOrigin: string, kept = true): Promise<Map<number, EventBase>> {
    const load = (missing: readonly number[]) => this.bases(missing, requestOrigin);
    if (this.db.sql.inTransaction) return load(ids);
    // Keyed by the public base the links are built on (the request's origin only without SITE_URL and `home`:
    // then the read model holds them for a placeholder origin, and each request gets its own).
    const fixed = await this.site.fixedPublicBase();
    if (!kept) return this.cache.many(`event\n${fixed ?? requestOrigin}`, ids, load, baseSize, baseShows);
    const durable: DurableValues<number, EventBase> =
      fixed === undefined
        ? {
            kind: this.readModel.kind(EVENT_POST_TYPE, ORIGIN_PLACEHOLDER),
            placeholder: { load: (m) => this.bases(m, ORIGIN_PLACEHOLDER), origin: requestOrigin },
          }
        : { kind: this.readModel.kind(EVENT_POST_TYPE, fixed) };
    return this.cache.many(`event\n${fixed ?? requestOrigin}`, ids, load, baseSize, baseShows, durable);
  }

  /** The caller-independent part of the events among `ids`, read from the tables. */
  private async bases(ids: readonly number[], requestOrigin: string): Promise<Map<number, EventBase>> {
    // The rows, their meta and their terms are asked for together (the IDs are nearly always events:
    // what other posts bring along is dropped), one round trip instead of two.
    const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    const [posts, meta, terms, links, termLinks, restBase, settings] = await Promise.all([
      this.posts.byIds(wanted),
      this.posts.meta(wanted, undefined),
      this.terms.termsOfObjects(wanted, ['tribe_events_cat', 'post_tag']),
      this.permalinks.forOrigin(requestOrigin),
      this.termLinks.forOrigin(requestOrigin),
      this.site.restBase(requestOrigin),
      this.settings.read(),
    ]);
    const events = [...posts.values()].filter((p) => p.post_type === EVENT_POST_TYPE);
    if (!events.length) return new Map();
    const eventIds = events.map((p) => p.ID);
    const [images, galleryImages] = await Promise.all([
      this.attachments.images(
        eventIds.map((id) => Number(firstMeta(meta.get(id)!, THUMBNAIL_ID) ?? 0)).filter((id) => id > 0),
        requestOrigin,
      ),
      this.posts.galleryImages(events.map((post) => post.post_content)),
    ]);
    const result = new Map<number, EventBase>();
    for (const post of events) {
      const m = meta.get(post.ID)!;
      const record: EventBase['record'] = {
        post,
        meta: m,
        image: images.get(Number(firstMeta(m, THUMBNAIL_ID) ?? 0)) ?? false,
        link: links.eventLink(post),
        categories: terms.get(post.ID)!.filter((t) => t.taxonomy === 'tribe_events_cat'),
        tags: terms.get(post.ID)!.filter((t) => t.taxonomy === 'post_tag'),
      };
      const event = mapEvent({ ...record, venue: [], organizer: [] }, { links, termLinks, restBase, settings, galleryImages });
      result.set(post.ID, { record, venueIds: linkIds(m.get('_EventVenueID')), organizerIds: linkIds(m.get('_EventOrganizerID')), event });
    }
    return result;
  }
}

/**
 * What an event's shared part shows (RecordCache, dependencies.ts): its post, the venues and organizers
 * it links (embedded per request, from their own entries), its terms — not their counts, read apart
 * (TermCounts) — and the taxonomies' names and ancestry (term links), the attachments of
 * its image and of its description's galleries (attachmentKeys). A series'
 * summary is not in it either (EventLoader.seriesFields).
 */
export function baseShows(id: number, base: EventBase | undefined): string[] {
  const keys = [CacheKey.post(id)];
  if (!base) return keys;
  keys.push(CacheKey.taxonomy('tribe_events_cat'), CacheKey.taxonomy('post_tag'));
  keys.push(...attachmentKeys(Number(firstMeta(base.record.meta, THUMBNAIL_ID) ?? 0), base.record.post.post_content));
  for (const linked of [...base.venueIds, ...base.organizerIds]) keys.push(CacheKey.post(linked));
  return keys;
}

/** The event's `categories` and `tags` with their terms' current counts (same keys, same order). */
function withCounts(event: EventResponse, counts: ReadonlyMap<number, number>): Pick<EventResponse, 'categories' | 'tags'> {
  const fresh = (terms: EventResponse['categories']) =>
    terms.map((term) => {
      const count = counts.get(term.term_taxonomy_id);
      return count === undefined || count === term.count ? term : { ...term, count };
    });
  return { categories: fresh(event.categories), tags: fresh(event.tags) };
}

/** Bytes an event's shared part holds, about: its representation, and its post and meta rows as read. */
function baseSize(base: EventBase): number {
  let meta = 0;
  for (const [key, values] of base.record.meta) for (const value of values) meta += key.length + value.length;
  return 2 * (JSON.stringify(base.event).length + base.record.post.post_content.length + base.record.post.post_excerpt.length + meta);
}
