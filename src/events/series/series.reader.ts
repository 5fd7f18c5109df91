import { Injectable } from '@nestjs/common';
import { isTruthyMeta, parseStoredWall, resolveZone } from '../../dates';
import {
  describeRecurrence,
  parseRecurrence,
  readStoredRecurrence,
  RECURRENCE_META_KEY,
  RecurrenceInput,
  RecurrenceRule,
  timingWithRuleStart,
} from '../../recurrence';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import { CacheKey } from '../../wordpress/cache-keys';
import { dependOn } from '../../cache/dependencies';
import { RecordCache } from '../../cache/record-cache';
import { PostMeta, PostRow, PostsStore } from '../../wordpress/posts.store';
import { SeriesRepository, SeriesStats } from '../repository/series.repository';
import { EXCEPTION_META_KEY } from './occurrence-rows';
import { storedTiming } from './series-plan';

/** The keys a series adds to the representation of each of its occurrences. */
export interface SeriesFields {
  recurrence: Required<RecurrenceInput>;
  series: { id: number; description: string | null; occurrences: number; first: string; last: string };
}

/** What the site's calendars need to know of an event that belongs to a series. */
export interface SeriesMember {
  /** The series' first event (the parent post; the event itself for the first one). */
  seriesId: number;
  rule: RecurrenceRule;
  /** A changed occurrence (`_EventRecurrenceException`), shown on its own beside the rule. */
  exception: boolean;
  /** A changed occurrence's start before it was changed (the flag's value: the write road stores it), when known. */
  originalStart?: string;
}

const TIMING_KEYS = ['_EventStartDate', '_EventEndDate', '_EventTimezone', '_EventAllDay'];
const FIRST_EVENT_KEYS = [RECURRENCE_META_KEY, ...TIMING_KEYS];
const first = (values: string[] | undefined) => values?.[0] ?? '';

/** The series an event belongs to: its parent, itself when it holds the rule, else 0 (none). */
export function seriesOf(post: Pick<PostRow, 'ID' | 'post_parent'>, meta: PostMeta | undefined): number {
  return post.post_parent > 0 ? post.post_parent : meta?.has(RECURRENCE_META_KEY) ? post.ID : 0;
}

/** What `fields` reads of a series' first event: its rule and timing (a page holding the event passes them in). */
export function firstEventMeta(meta: PostMeta): PostMeta {
  return new Map(FIRST_EVENT_KEYS.filter((key) => meta.has(key)).map((key) => [key, meta.get(key)!]));
}

/**
 * The one reader of series, as the plugin's model stores them: each occurrence a `tribe_events` post,
 * the later ones with `post_parent` = the first event, which holds the rule in `_EventRecurrenceRRULE`.
 * `fields` serves the events' representations; `membership` and `exceptions` the site's calendars
 * (reached through src/events/index.ts).
 */
@Injectable()
export class SeriesReader {
  constructor(
    private readonly posts: PostsStore,
    private readonly repository: SeriesRepository,
    private readonly cache: RecordCache,
  ) {}

  /**
   * `recurrence` and `series` for a page of events, first events and later occurrences alike: the rule
   * of the first events not on the page and the series' counts and bounds in one wave of two queries; a
   * page without series costs nothing more. `meta`: the page's own meta (a first event on the page is
   * not read again).
   */
  async fields(events: readonly PostRow[], meta: ReadonlyMap<number, PostMeta>): Promise<Map<number, SeriesFields>> {
    return this.fieldsOf(new Map(events.map((post) => [post.ID, seriesOf(post, meta.get(post.ID))])), meta);
  }

  /** `fields` of events by the series each belongs to (seriesOf; 0: none). */
  async fieldsOf(members: ReadonlyMap<number, number>, meta: ReadonlyMap<number, PostMeta> = new Map()): Promise<Map<number, SeriesFields>> {
    const firstIds = [...new Set([...members.values()].filter((id) => id > 0))];
    const result = new Map<number, SeriesFields>();
    if (!firstIds.length) return result;
    const missing = firstIds.filter((id) => !meta.has(id));
    // One wave: the counts of a parent that turns out to carry no rule are dropped below.
    const [read, stats] = await Promise.all([
      missing.length ? this.posts.meta(missing, FIRST_EVENT_KEYS) : new Map<number, PostMeta>(),
      this.stats(firstIds.filter((id) => !meta.has(id) || meta.get(id)!.has(RECURRENCE_META_KEY))),
    ]);
    const firstMeta = (id: number) => meta.get(id) ?? read.get(id);
    const bySeries = new Map<number, SeriesFields>();
    for (const [id, stat] of stats) {
      const rule = firstMeta(id)?.get(RECURRENCE_META_KEY)?.[0];
      const recurrence = rule === undefined ? undefined : readStoredRecurrence(rule);
      if (!recurrence) continue;
      bySeries.set(id, { recurrence, series: { id, description: describe(recurrence, firstMeta(id)!), ...stat } });
    }
    for (const [id, series] of members) {
      const fields = bySeries.get(series);
      if (!fields) continue;
      result.set(id, fields);
      // The summary counts the series' siblings: the answer shows its first event and which events exist.
      dependOn([CacheKey.post(series), CacheKey.type(EVENT_POST_TYPE)]);
    }
    return result;
  }

  /**
   * The series' counts and bounds, shared under the data version: a page rebuilt after a write that did
   * not touch its series (every write that changes one names its first event, WordPress's `type:`)
   * reads them from memory instead of every occurrence of each series again.
   */
  private stats(firstIds: readonly number[]): Promise<Map<number, SeriesStats>> {
    return this.cache.many(
      'series-stats',
      firstIds,
      (missing) => this.repository.stats(missing),
      () => 96,
      (id) => [CacheKey.post(id), CacheKey.type(EVENT_POST_TYPE)],
    );
  }

  /** Every changed occurrence of these series (outside the trash), with the start it had before it changed when known: one query. */
  async exceptions(seriesIds: readonly number[]): Promise<Map<number, { id: number; originalStart?: string }[]>> {
    const found = await this.repository.exceptions(seriesIds, EXCEPTION_META_KEY);
    const flagged = (flag: string) => parseStoredWall(flag) !== null || isTruthyMeta(flag);
    return new Map(
      [...found].map(([series, list]) => [
        series,
        list.filter((e) => flagged(e.flag)).map((e) => ({ id: e.id, originalStart: parseStoredWall(e.flag) ? e.flag : undefined })),
      ]),
    );
  }

  /**
   * The series the given events belong to, with their rules validated: three queries however many
   * events (posts, the parents' rule and dates, the exception flags). An event whose parent holds no
   * readable rule is an ordinary event.
   */
  async membership(eventIds: readonly number[], siteTimezone: string): Promise<Map<number, SeriesMember>> {
    const posts = await this.posts.byIds(eventIds);
    const seriesByEvent = new Map<number, number>();
    for (const post of posts.values()) seriesByEvent.set(Number(post.ID), Number(post.post_parent) > 0 ? Number(post.post_parent) : Number(post.ID));
    const [parents, parentMeta, flags] = await Promise.all([
      this.posts.byIds([...new Set(seriesByEvent.values())]),
      this.posts.meta([...new Set(seriesByEvent.values())], FIRST_EVENT_KEYS),
      this.posts.meta(
        [...seriesByEvent].filter(([id, series]) => id !== series).map(([id]) => id),
        [EXCEPTION_META_KEY],
      ),
    ]);
    const rules = new Map<number, RecurrenceRule | undefined>();
    const members = new Map<number, SeriesMember>();
    for (const [id, seriesId] of seriesByEvent) {
      if (!rules.has(seriesId)) {
        const parent = parents.get(seriesId);
        rules.set(seriesId, parent?.post_type === EVENT_POST_TYPE ? storedRule(parentMeta.get(seriesId)!, siteTimezone) : undefined);
      }
      const rule = rules.get(seriesId);
      if (!rule) continue;
      // The flag holds the occurrence's start before it changed (or `1`); `0` or empty is no flag.
      const flag = id === seriesId ? '' : first(flags.get(id)?.get(EXCEPTION_META_KEY));
      const originalStart = parseStoredWall(flag) ? flag : undefined;
      members.set(id, { seriesId, rule, exception: originalStart !== undefined || isTruthyMeta(flag), originalStart });
    }
    return members;
  }
}

/** The rule in words, or null for a stored rule this service cannot read (written by another tool). */
function describe(recurrence: RecurrenceInput, meta: PostMeta): string | null {
  const timing = storedTiming(meta);
  const parsed = timing && parseRecurrence(recurrence, timing);
  return parsed?.ok ? describeRecurrence(parsed.value) : null;
}

/** The rule the first event's meta holds, validated again against its stored dates; undefined when there is none or it is unusable. */
function storedRule(meta: Map<string, string[]>, siteTimezone: string): RecurrenceRule | undefined {
  const lines = first(meta.get(RECURRENCE_META_KEY));
  const input = readStoredRecurrence(lines);
  const stored = {
    start: first(meta.get('_EventStartDate')),
    end: first(meta.get('_EventEndDate')),
    timezone: first(meta.get('_EventTimezone')) || siteTimezone,
    allDay: isTruthyMeta(first(meta.get('_EventAllDay'))),
  };
  // parseRecurrence refuses (throws on) dates that are not a stored event's.
  if (!input || !resolveZone(stored.timezone) || !parseStoredWall(stored.start) || !parseStoredWall(stored.end)) return undefined;
  const parsed = parseRecurrence(input, timingWithRuleStart(stored, lines));
  return parsed.ok ? parsed.value : undefined;
}
