import { Injectable } from '@nestjs/common';
import { OptionsStore } from '../wordpress/options.store';
import { sharedUnserialize } from '../wordpress/php-serialization';
import { SiteService } from '../wordpress/site.service';
import { sanitizeTitle } from '../wordpress/slugs';
import type { TermRow } from '../wordpress/terms.store';
import { TermTaxonomy } from './term-taxonomy';

export interface TermLinkSettings {
  /** `{REST_BASE}` (formats.md §5.1). */
  restBase: string;
  /** PUBLIC_BASE, without trailing slash. */
  publicBase: string;
  /** `permalink_structure` option ('' = plain permalinks). */
  structure: string;
  /** `tag_base` option ('' = WordPress default `tag` under the permalink front). */
  tagBase: string;
  /** TEC `eventsSlug` (default `events`): categories live under `/{eventsSlug}/category/`. */
  eventsSlug: string;
}

/** Query variables of the plain (non-pretty) term links. */
const QUERY_VARS: Record<string, string> = { tribe_events_cat: 'tribe_events_cat', post_tag: 'tag' };

/** REST URLs and public archive URLs of terms (formats.md §5.1, §5.2), for one request. */
export class TermLinks {
  constructor(readonly settings: TermLinkSettings) {}

  /** `urls` of both term shapes: self, collection, and up when the term has a parent. */
  urls(term: Pick<TermRow, 'term_id' | 'parent'>, taxonomy: TermTaxonomy): Record<string, string> {
    const collection = `${this.settings.restBase}/${taxonomy.collection}`;
    return {
      self: `${collection}/${term.term_id}`,
      collection,
      ...(term.parent ? { up: `${collection}/${term.parent}` } : {}),
    };
  }

  /**
   * WordPress `get_term_link`. Categories: `/{eventsSlug}/category/{ancestor slugs…}/{slug}/` (TEC's
   * hierarchical rewrite, without the permalink front); tags: `/{tag_base}/{slug}/`, or `{front}tag/…`
   * when tag_base is empty. `ancestorSlugs` run from the root down to the term's parent.
   */
  archiveUrl(term: Pick<TermRow, 'slug' | 'taxonomy'>, ancestorSlugs: string[] = []): string {
    const { publicBase, structure, tagBase, eventsSlug } = this.settings;
    if (!structure) return `${publicBase}/?${QUERY_VARS[term.taxonomy] ?? term.taxonomy}=${term.slug}`;
    const root = structure.startsWith('/index.php') ? 'index.php/' : '';
    const front = structure.slice(0, structure.indexOf('%') < 0 ? structure.length : structure.indexOf('%'));
    const base =
      term.taxonomy === 'post_tag'
        ? tagBase
          ? `${root}${tagBase}`
          : `${front}tag`
        : `${root}${eventsSlug}/category/${ancestorSlugs.map((s) => `${s}/`).join('')}`;
    const path = `${base}/${term.slug}`.replace(/\/+/g, '/').replace(/^\//, '');
    return `${publicBase}/${path}${structure.endsWith('/') ? '/' : ''}`;
  }
}

@Injectable()
export class TermLinksFactory {
  constructor(
    private readonly site: SiteService,
    private readonly options: OptionsStore,
  ) {}

  async forOrigin(requestOrigin: string): Promise<TermLinks> {
    const raw = await this.options.getRaw(['permalink_structure', 'tag_base', 'tribe_events_calendar_options']);
    const tribe = sharedUnserialize(raw.get('tribe_events_calendar_options'));
    const eventsSlug = tribe && typeof tribe === 'object' ? (tribe as Record<string, unknown>).eventsSlug : undefined;
    return new TermLinks({
      restBase: await this.site.restBase(requestOrigin),
      publicBase: await this.site.publicBase(requestOrigin),
      structure: raw.get('permalink_structure') ?? '',
      tagBase: (raw.get('tag_base') ?? '').replace(/^\/+|\/+$/g, ''),
      eventsSlug: (typeof eventsSlug === 'string' && sanitizeTitle(eventsSlug)) || 'events',
    });
  }
}

/** Quirk Q33 (DEVIATE): a created term's `Location` is the project's own route, not wp/v2. */
export function setTermLocation<T extends { urls: Record<string, string> }>(res: { setHeader(name: string, value: string): unknown }, term: T): T {
  res.setHeader('Location', term.urls.self);
  return term;
}
