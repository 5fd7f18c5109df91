import { Injectable } from '@nestjs/common';
import { isTruthyMeta, parseStoredWall, resolveZone } from '../../dates';
import { EVENT_POST_TYPE } from '../../events/events-read.service';
import { EXCEPTION_META_KEY } from '../../events/series/occurrence-rows';
import { parseRecurrence, readStoredRecurrence, RECURRENCE_META_KEY, RecurrenceRule, timingWithRuleStart } from '../../recurrence';
import { SeriesRepository } from '../../events/repository/series.repository';
import { PostsStore } from '../../wordpress/posts.store';

/** What the site needs to know of an event that belongs to a series. */
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
const first = (values: string[] | undefined) => values?.[0] ?? '';

/**
 * Reads the series the given events belong to, as the plugin's model stores them: each occurrence a
 * `tribe_events` post, the later ones with `post_parent` = the first event, which holds the rule in
 * `_EventRecurrenceRRULE`. Three queries however many events: posts, the parents' rule and dates, the
 * exception flags. An event whose parent holds no readable rule is an ordinary event.
 */
@Injectable()
export class SeriesReader {
  constructor(
    private readonly posts: PostsStore,
    private readonly repository: SeriesRepository,
  ) {}

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

  async membership(eventIds: readonly number[], siteTimezone: string): Promise<Map<number, SeriesMember>> {
    const posts = await this.posts.byIds(eventIds);
    const seriesOf = new Map<number, number>();
    for (const post of posts.values()) seriesOf.set(Number(post.ID), Number(post.post_parent) > 0 ? Number(post.post_parent) : Number(post.ID));
    const [parents, parentMeta, flags] = await Promise.all([
      this.posts.byIds([...new Set(seriesOf.values())]),
      this.posts.meta([...new Set(seriesOf.values())], [RECURRENCE_META_KEY, ...TIMING_KEYS]),
      this.posts.meta(
        [...seriesOf].filter(([id, series]) => id !== series).map(([id]) => id),
        [EXCEPTION_META_KEY],
      ),
    ]);
    const rules = new Map<number, RecurrenceRule | undefined>();
    const members = new Map<number, SeriesMember>();
    for (const [id, seriesId] of seriesOf) {
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
