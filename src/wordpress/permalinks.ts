import { Injectable } from '@nestjs/common';
import { OptionsStore } from './options.store';
import { sharedUnserialize } from './php-serialization';
import { SiteService } from './site.service';
import { EVENT_POST_TYPE } from './post-types';

/** What a permalink is built from. */
export interface LinkablePost {
  ID: number;
  post_type: string;
  post_status: string;
  post_name: string;
}

export interface PermalinkSettings {
  /** PUBLIC_BASE, without trailing slash. */
  publicBase: string;
  /** `permalink_structure` option. */
  structure: string;
  /** `singleEventSlug` of the TEC options (default `event`). */
  eventSlug: string;
}

/** Statuses whose records have pretty permalinks (formats.md §5.2); the others get the plain form. */
const PRETTY_STATUSES = new Set(['publish', 'private']);
const FIXED_REWRITE_SLUGS: Record<string, string> = { tribe_venue: 'venue', tribe_organizer: 'organizer' };

/**
 * Public URLs of posts (formats.md §5.2), the `guid` WordPress records at insert (storage.md §2) and
 * the global ID fields (formats.md §6), for one PUBLIC_BASE.
 */
export class PostLinks {
  private globalBase?: { of: string; base: string };

  constructor(readonly settings: PermalinkSettings) {}

  private rewriteSlug(postType: string): string | undefined {
    if (postType === EVENT_POST_TYPE) return this.settings.eventSlug;
    return FIXED_REWRITE_SLUGS[postType];
  }

  /**
   * The record's permalink. A private record has its pretty link only for callers who may read it
   * (`readable`), the plain one for the others (WP core `wp_force_plain_post_permalink`, issue #31 item 7).
   */
  permalink(post: LinkablePost, readable = true): string {
    const { publicBase, structure } = this.settings;
    const slug = this.rewriteSlug(post.post_type);
    const pretty = PRETTY_STATUSES.has(post.post_status) && (readable || post.post_status !== 'private');
    if (!slug || !pretty || !post.post_name) {
      return `${publicBase}/?post_type=${post.post_type}&p=${post.ID}`;
    }
    if (!structure) return `${publicBase}/?${post.post_type}=${post.post_name}`;
    return `${publicBase}/${slug}/${post.post_name}${structure.endsWith('/') ? '/' : ''}`;
  }

  /**
   * TEC's `tribe_get_event_link` (the event's JSON-LD `url`): with a permalink structure, `getLink`
   * slashes the permalink, `add_query_arg` URL-encodes that slash inside a query string and the link
   * is slashed again (a draft: `?post_type=tribe_events&p=5%2F/`, Q69); without one, the permalink.
   */
  eventLink(post: LinkablePost): string {
    const url = this.permalink(post);
    if (!this.settings.structure) return url;
    if (url.includes('?')) return `${url}%2F/`;
    return url.endsWith('/') ? url : `${url}/`;
  }

  /** WP core sets `guid` once, to the permalink right after insert. */
  guid(post: LinkablePost): string {
    return this.permalink(post);
  }

  /** `<host><path>?id=<ID>` of PUBLIC_BASE, without scheme and port (tribe-common `Global_ID`). */
  globalId(id: number): string {
    return `${this.globalIdBase()}?id=${id}`;
  }

  /** `<host><path>` of PUBLIC_BASE, parsed once per links object (each record's representation asks). */
  private globalIdBase(): string {
    if (this.globalBase?.of !== this.settings.publicBase) {
      const url = new URL(this.settings.publicBase);
      this.globalBase = { of: this.settings.publicBase, base: `${url.hostname}${url.pathname.replace(/\/+$/, '')}` };
    }
    return this.globalBase.base;
  }

  /** `[global_id]` followed by every `_tribe_aggregator_global_id_lineage` value. */
  globalIdLineage(id: number, lineage: readonly string[] = []): string[] {
    return [this.globalId(id), ...lineage];
  }
}

/** Meta key of the global-ID lineage written by TEC's Event Aggregator. */
export const GLOBAL_ID_LINEAGE = '_tribe_aggregator_global_id_lineage';

@Injectable()
export class Permalinks {
  constructor(
    private readonly site: SiteService,
    private readonly options: OptionsStore,
  ) {}

  /** Link builder for requests that reached the service at `requestOrigin` (the PUBLIC_BASE fallback). */
  async forOrigin(requestOrigin: string): Promise<PostLinks> {
    const raw = await this.options.getRaw(['permalink_structure', 'tribe_events_calendar_options']);
    const tribe = sharedUnserialize(raw.get('tribe_events_calendar_options'));
    const eventSlug =
      tribe && typeof tribe === 'object' && typeof (tribe as Record<string, unknown>).singleEventSlug === 'string'
        ? (tribe as Record<string, string>).singleEventSlug || 'event'
        : 'event';
    return new PostLinks({
      publicBase: await this.site.publicBase(requestOrigin),
      structure: raw.get('permalink_structure') ?? '',
      eventSlug,
    });
  }
}
