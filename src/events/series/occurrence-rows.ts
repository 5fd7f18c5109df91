import { SqlParam } from '../../database/sql';
import { EventDateMeta, zoneAbbreviation } from '../../dates';
import { Occurrence, RECURRENCE_META_KEY, RecurrenceRule } from '../../recurrence';
import { PostMeta, PostRow } from '../../wordpress/posts.store';
import { DATE_KEYS, ZONE_KEYS } from '../write/event-meta';
import { EventRows } from '../write/event-rows';

/** Our own key: an occurrence changed alone, kept as it is through later changes of its series' rule. */
export const EXCEPTION_META_KEY = '_EventRecurrenceException';

/**
 * Our own key on the first event of an endless series: the UTC instant (`YYYY-MM-DD HH:MM:SS`) up to
 * which its occurrences are materialised; SeriesHorizonJob extends the series before it comes too near.
 */
export const HORIZON_META_KEY = '_EventRecurrenceHorizon';

/** Meta of the first event an occurrence does not copy: the rule, its own dates, WordPress's per-post bookkeeping. */
const NOT_COPIED = new Set<string>([
  RECURRENCE_META_KEY,
  EXCEPTION_META_KEY,
  HORIZON_META_KEY,
  ...DATE_KEYS,
  ...ZONE_KEYS,
  '_edit_lock',
  '_edit_last',
  '_wp_old_slug',
  '_wp_desired_post_slug',
  '_wp_trash_meta_status',
  '_wp_trash_meta_time',
]);

/** What every occurrence copies from the series' first event. */
export interface SeriesSource {
  parent: PostRow;
  meta: PostMeta;
  termTaxonomyIds: number[];
}

/** The seven date rows of one occurrence (the abbreviation of its own instant: EST in January, EDT in July). */
export function occurrenceDates(rule: RecurrenceRule, occurrence: Occurrence): EventDateMeta {
  const startMs = Date.parse(`${occurrence.startUtc.replace(' ', 'T')}Z`);
  return {
    _EventStartDate: occurrence.start,
    _EventEndDate: occurrence.end,
    _EventStartDateUTC: occurrence.startUtc,
    _EventEndDateUTC: occurrence.endUtc,
    _EventDuration: String(occurrence.duration),
    _EventTimezone: rule.timing.timezone,
    _EventTimezoneAbbr: zoneAbbreviation(rule.zone, startMs),
  };
}

/** The copied meta rows in the first event's order, with the occurrence's own dates where the first event has its. */
export function occurrenceMeta(source: SeriesSource, dates: EventDateMeta): [string, string][] {
  const rows: [string, string][] = [];
  for (const [key, values] of source.meta) {
    if (key in dates) rows.push([key, dates[key as keyof EventDateMeta]]);
    else if (!NOT_COPIED.has(key)) for (const value of values) rows.push([key, value]);
  }
  for (const key of [...DATE_KEYS, ...ZONE_KEYS]) if (!source.meta.has(key)) rows.push([key, dates[key]]);
  return rows;
}

/** The posts columns an occurrence shares with its first event (everything but its ID, slug and guid). */
export function sharedColumns(parent: PostRow, nowLocal: string, nowGmt: string): Record<string, SqlParam> {
  return {
    post_author: parent.post_author,
    post_date: parent.post_date,
    post_date_gmt: parent.post_date_gmt,
    post_content: parent.post_content,
    post_title: parent.post_title,
    post_excerpt: parent.post_excerpt,
    post_status: parent.post_status,
    post_password: parent.post_password,
    post_modified: nowLocal,
    post_modified_gmt: nowGmt,
    menu_order: parent.menu_order,
  };
}

/** `{series-slug}-{YYYY-MM-DD}`: the post type is not hierarchical, so each occurrence needs a slug of its own. */
export function occurrenceSlug(baseSlug: string, occurrence: Occurrence): string {
  return `${baseSlug}-${occurrence.start.slice(0, 10)}`;
}

/** The rows of new occurrences (children of the first event), as PostsStore.insert fills a post. */
export function occurrenceRows(
  source: SeriesSource,
  rule: RecurrenceRule,
  occurrences: readonly Occurrence[],
  baseSlug: string,
  now: { local: string; gmt: string },
): EventRows[] {
  const shared = sharedColumns(source.parent, now.local, now.gmt);
  return occurrences.map((occurrence) => {
    const dates = occurrenceDates(rule, occurrence);
    return {
      post: {
        ...shared,
        comment_status: 'closed',
        ping_status: 'closed',
        post_name: occurrenceSlug(baseSlug, occurrence),
        to_ping: '',
        pinged: '',
        post_content_filtered: '',
        post_parent: source.parent.ID,
        post_type: source.parent.post_type,
        post_mime_type: '',
        comment_count: 0,
      },
      meta: occurrenceMeta(source, dates),
      termTaxonomyIds: source.termTaxonomyIds,
      dates,
    };
  });
}
