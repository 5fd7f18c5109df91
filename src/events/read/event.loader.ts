import { Injectable } from '@nestjs/common';
import { Caller } from '../../auth/caller';
import { DatabaseService } from '../../database/database.service';
import { Sql } from '../../database/sql';
import { embeddedOrganizers, embeddedVenue, linkIds } from '../../linked-posts/embedding';
import { ReadCredentials } from '../../linked-posts/request.decorators';
import { passwordUnlocked } from '../../linked-posts/visibility';
import { blankProtected } from '../../linked-posts/password-blanking';
import { OrganizersService } from '../../organizers/organizers.service';
import { TermLinksFactory } from '../../terms/term-links';
import { VenuesService } from '../../venues/venues.service';
import { AttachmentsStore } from '../../wordpress/attachments';
import { Permalinks } from '../../wordpress/permalinks';
import { PostsStore } from '../../wordpress/posts.store';
import { SiteService } from '../../wordpress/site.service';
import { TermsStore } from '../../wordpress/terms.store';
import { mapEvent } from '../event.mapper';
import { eventJsonLd } from '../json-ld';
import { EventRecord, firstMeta } from './event-record';
import { EventSettingsReader } from './event-settings';

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
  sql?: Sql;
}

/**
 * Loads and represents any number of events with a fixed number of queries: posts, all their meta,
 * their terms, their images, their venues and organizers (each batched), plus the request's options.
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
  ) {}

  /** Representations keyed by ID; IDs that are not events are absent. */
  async represent(ids: readonly number[], options: RepresentOptions): Promise<Map<number, Record<string, unknown>>> {
    const sql = options.sql ?? this.db.sql;
    const { caller, requestOrigin, mode, credentials = {} } = options;
    const events = [...(await this.posts.byIds(ids, sql)).values()].filter((p) => p.post_type === 'tribe_events');
    if (!events.length) return new Map();
    const eventIds = events.map((p) => p.ID);
    const [meta, terms, links, termLinks, restBase, settings] = await Promise.all([
      this.posts.meta(eventIds, undefined, sql),
      this.terms.termsOfObjects(eventIds, ['tribe_events_cat', 'post_tag'], sql),
      this.permalinks.forOrigin(requestOrigin, sql),
      this.termLinks.forOrigin(requestOrigin),
      this.site.restBase(requestOrigin),
      this.settings.read(sql),
    ]);
    const idsOf = (key: string) => eventIds.flatMap((id) => linkIds(meta.get(id)!.get(key))).filter((id) => id > 0);
    const embed = { caller, requestOrigin, single: mode === 'single' || mode === 'single-without-json-ld', credentials, sql };
    const [images, venues, organizers] = await Promise.all([
      this.attachments.images(
        eventIds.map((id) => Number(firstMeta(meta.get(id)!, THUMBNAIL_ID) ?? 0)).filter((id) => id > 0),
        requestOrigin,
        sql,
      ),
      this.venues.embed(idsOf('_EventVenueID'), embed),
      this.organizers.embed(idsOf('_EventOrganizerID'), embed),
    ]);

    const result = new Map<number, Record<string, unknown>>();
    for (const post of events) {
      const m = meta.get(post.ID)!;
      const record: EventRecord = {
        post,
        meta: m,
        image: images.get(Number(firstMeta(m, THUMBNAIL_ID) ?? 0)) ?? false,
        categories: terms.get(post.ID)!.filter((t) => t.taxonomy === 'tribe_events_cat'),
        tags: terms.get(post.ID)!.filter((t) => t.taxonomy === 'post_tag'),
        venue: embeddedVenue(linkIds(m.get('_EventVenueID')), venues),
        organizer: embeddedOrganizers(linkIds(m.get('_EventOrganizerID')), organizers),
      };
      const event = mapEvent(record, { links, termLinks, restBase, settings });
      if (mode === 'single') event.json_ld = eventJsonLd(record, event, settings);
      const locked = mode === 'list' && !passwordUnlocked(caller, post, m, credentials.password, credentials.context);
      result.set(post.ID, locked ? blankProtected(event) : event);
    }
    return result;
  }
}
