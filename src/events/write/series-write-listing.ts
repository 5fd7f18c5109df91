import { Injectable } from '@nestjs/common';
import { KeptTotals } from '../../cache/kept-totals';
import { CacheKey } from '../../wordpress/cache-keys';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import { noteListedSeriesWrite } from '../../wordpress/write-journal';
import { EventListings } from '../repository/event-listings';
import { PostRow, PostsStore } from '../../wordpress/posts.store';

/**
 * What a write of whole series names and counts (docs/caching.md "What a write retires"): a series'
 * events can be in any unfiltered list, and in the lists filtered by what any of them had or has — not
 * in a list filtered by another venue, organizer or term, which keeps its answer and total. Before the
 * write, its posts are locked and counted in the kept totals that can hold them (KeptTotals), so the
 * totals move by the write's difference instead of being counted again.
 */
@Injectable()
export class SeriesWriteListing {
  constructor(
    private readonly posts: PostsStore,
    private readonly listings: EventListings,
    private readonly keptTotals: KeptTotals,
  ) {}

  /**
   * In the write's transaction, before it changes the series of the first events `parents` (one, or a
   * series and the occurrence it is split at) or one of its occurrences alone in a way that touches its
   * first event (a trash, a deletion): the series' posts, locked, and what the write notes once written.
   */
  async before(parents: readonly number[]): Promise<{ family: Map<number, PostRow>; after: () => Promise<void> }> {
    const [family, keys] = await Promise.all([this.posts.lockedFamily(parents), this.listings.familyKeys(parents)]);
    const had = [CacheKey.listed(EVENT_POST_TYPE), ...keys];
    const held = new Set(family.keys());
    await this.keptTotals.beforeSeries(parents, held, had);
    return { family, after: async () => noteListedSeriesWrite(parents, held, [...had, ...(await this.listings.familyKeys(parents))]) };
  }

  /** A series created with event `id` as its first: in no total before; what it notes once written. */
  created(id: number): () => Promise<void> {
    this.keptTotals.created(id, { series: true });
    return async () => noteListedSeriesWrite([id], [], [CacheKey.listed(EVENT_POST_TYPE), ...(await this.listings.familyKeys([id]))]);
  }
}
