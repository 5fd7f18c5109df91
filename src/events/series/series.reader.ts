import { Injectable } from '@nestjs/common';
import { describeRecurrence, parseRecurrence, readStoredRecurrence, RECURRENCE_META_KEY, RecurrenceInput } from '../../recurrence';
import { PostMeta, PostRow, PostsStore } from '../../wordpress/posts.store';
import { SeriesRepository } from '../repository/series.repository';
import { storedTiming } from './series-plan';

/** The keys a series adds to the representation of each of its occurrences. */
export interface SeriesFields {
  recurrence: RecurrenceInput;
  series: { id: number; description: string | null; occurrences: number; first: string; last: string };
}

const FIRST_EVENT_KEYS = [RECURRENCE_META_KEY, '_EventStartDate', '_EventEndDate', '_EventTimezone', '_EventAllDay'];

/**
 * `recurrence` and `series` for a page of events, first events and later occurrences alike: the rule
 * of the first events not on the page and the series' counts and bounds in one wave of two queries; a
 * page without series costs nothing more.
 */
@Injectable()
export class SeriesReader {
  constructor(
    private readonly posts: PostsStore,
    private readonly repository: SeriesRepository,
  ) {}

  /** `meta`: the page's own meta (a first event on the page is not read again). */
  async fields(events: readonly PostRow[], meta: ReadonlyMap<number, PostMeta>): Promise<Map<number, SeriesFields>> {
    const seriesOf = (post: PostRow) => (post.post_parent > 0 ? post.post_parent : meta.get(post.ID)?.has(RECURRENCE_META_KEY) ? post.ID : 0);
    const firstIds = [...new Set(events.map(seriesOf).filter((id) => id > 0))];
    const result = new Map<number, SeriesFields>();
    if (!firstIds.length) return result;
    const missing = firstIds.filter((id) => !meta.has(id));
    // One wave: the counts of a parent that turns out to carry no rule are dropped below.
    const [read, stats] = await Promise.all([
      missing.length ? this.posts.meta(missing, FIRST_EVENT_KEYS) : new Map<number, PostMeta>(),
      this.repository.stats(firstIds.filter((id) => !meta.has(id) || meta.get(id)!.has(RECURRENCE_META_KEY))),
    ]);
    const firstMeta = (id: number) => meta.get(id) ?? read.get(id);
    const bySeries = new Map<number, SeriesFields>();
    for (const [id, stat] of stats) {
      const rule = firstMeta(id)?.get(RECURRENCE_META_KEY)?.[0];
      const recurrence = rule === undefined ? undefined : readStoredRecurrence(rule);
      if (!recurrence) continue;
      bySeries.set(id, { recurrence, series: { id, description: describe(recurrence, firstMeta(id)!), ...stat } });
    }
    for (const post of events) {
      const fields = bySeries.get(seriesOf(post));
      if (fields) result.set(post.ID, fields);
    }
    return result;
  }
}

/** The rule in words, or null for a stored rule this service cannot read (written by another tool). */
function describe(recurrence: RecurrenceInput, meta: PostMeta): string | null {
  const timing = storedTiming(meta);
  const parsed = timing && parseRecurrence(recurrence, timing);
  return parsed?.ok ? describeRecurrence(parsed.value) : null;
}
