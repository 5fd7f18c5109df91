import { writtenKeys } from '../../../src/cache/written-keys';
import { transactionScope, TransactionContext } from '../../../src/database/sql';
import { CacheKey } from '../../../src/wordpress/cache-keys';
import type { PostsStore } from '../../../src/wordpress/posts.store';
import { noteListedSeriesWrite, noteListedWrite, noteSeriesOccurrences, noteTextOnlyWrite, noteWrite, WriteAction } from '../../../src/wordpress/write-journal';

/**
 * The keys a write names for the lists (docs/caching.md "What a write retires"): `type:` unless the
 * service declared the write narrower — text only, or the lists of what the post had and has
 * (EventListings: listed…) — and never narrower for a series.
 */
describe('writtenKeys: which lists a post write retires', () => {
  const posts = { statusChange: () => undefined } as unknown as PostsStore;
  const inTransaction = (work: () => void): string[] =>
    transactionScope.run({ heldLocks: new Set() } as unknown as TransactionContext, () => {
      work();
      return writtenKeys(posts);
    });
  const event = (action: WriteAction) => noteWrite({ kind: 'post', id: 7, action, postType: 'tribe_events' });
  const listed = [CacheKey.listedWith('post', 3), CacheKey.listedWith('tt', 5), CacheKey.listedWith('tt', 6)];

  it('names the type without a declaration', () => {
    expect(inTransaction(() => event('updated'))).toEqual(['post:7', 'type:tribe_events']);
  });

  it('names the listed keys it declared (all of them, once each) for a created or updated post instead of the type', () => {
    for (const action of ['created', 'updated'] as const) {
      const keys = inTransaction(() => {
        noteListedWrite(7, [CacheKey.listedDates('tribe_events'), ...listed.slice(0, 2)]);
        event(action);
        noteListedWrite(7, listed.slice(1));
      });
      expect(keys).toEqual(['post:7', 'listed-dates:tribe_events', 'listed:post:3', 'listed:tt:5', 'listed:tt:6']);
    }
  });

  it('names the declared keys for a trashed or deleted post too, the type without a declaration, and for a series the keys its write declared for it, else the type', () => {
    for (const action of ['trashed', 'deleted'] as const) {
      expect(
        inTransaction(() => {
          noteListedWrite(7, [CacheKey.listed('tribe_events'), ...listed]);
          event(action);
        }),
      ).toEqual(['post:7', 'listed:tribe_events', ...listed]);
      expect(inTransaction(() => event(action))).toEqual(['post:7', 'type:tribe_events']);
    }
    const series = inTransaction(() => {
      event('updated');
      noteSeriesOccurrences(7, 'created', [8]);
    });
    expect(series).toEqual(expect.arrayContaining(['type:tribe_events', 'post:8']));
    // A series write that declares the lists of its events (SeriesWriteListing) names them instead.
    const declared = inTransaction(() => {
      event('updated');
      noteSeriesOccurrences(7, 'created', [8]);
      noteListedSeriesWrite([7], [], [CacheKey.listed('tribe_events'), ...listed]);
    });
    expect(declared.sort()).toEqual(['listed:tribe_events', ...listed, 'post:7', 'post:8'].sort());
  });

  it('names the text key for a text-only update, and nothing of another transaction', () => {
    expect(
      inTransaction(() => {
        noteTextOnlyWrite(7);
        event('updated');
      }),
    ).toEqual(['post:7', 'text:tribe_events']);
    expect(inTransaction(() => event('updated'))).toEqual(['post:7', 'type:tribe_events']);
  });
});
