import { changedTextKeys } from '../../../src/events/search-grams';
import { DatabaseService } from '../../../src/database/database.service';
import { EventListings } from '../../../src/events/repository/event-listings';

/**
 * What an event update names for the lists (docs/caching.md "What a write retires"): the months its
 * dates span when nothing else the lists select by changed; every unfiltered list otherwise.
 */
describe('EventListings: the keys of an event update', () => {
  type Row = { kind: 'tt' | 'meta' | 'post'; name: string; value: string | number | null };
  const event = (changes: { meta?: Record<string, string | null>; post?: Record<string, string | number> } = {}): Row[] => {
    const meta: Record<string, string | null> = {
      _EventStartDate: '2034-03-10 10:00:00',
      _EventEndDate: '2034-03-10 11:00:00',
      _EventStartDateUTC: '2034-03-10 09:00:00',
      _EventEndDateUTC: '2034-03-10 10:00:00',
      _EventDuration: '3600',
      _EventVenueID: '12',
      ...changes.meta,
    };
    const post = {
      post_status: 'publish',
      post_author: 1,
      post_password: '',
      post_parent: 0,
      post_title: 'T',
      post_excerpt: '',
      post_content: 'C',
      ...changes.post,
    };
    return [
      { kind: 'tt', name: '', value: 7 },
      ...Object.entries(meta).flatMap(([name, value]) => (value === null ? [] : [{ kind: 'meta' as const, name, value }])),
      ...Object.entries(post).map(([name, value]) => ({ kind: 'post' as const, name, value })),
    ];
  };
  const listingOf = (rows: Row[]) => new EventListings({ sql: { rows: async () => rows, table: (name: string) => name } } as unknown as DatabaseService).of(1);
  const keys = async (before: Row[], after: Row[]) => new EventListings({} as DatabaseService).updated(await listingOf(before), await listingOf(after));
  const moved = (day: string) => ({
    meta: {
      _EventStartDate: `2034-${day} 10:00:00`,
      _EventEndDate: `2034-${day} 11:00:00`,
      _EventStartDateUTC: `2034-${day} 09:00:00`,
      _EventEndDateUTC: `2034-${day} 10:00:00`,
    },
  });

  it('names the months a move of the dates alone spans, with the lists of its term and venue', async () => {
    expect(await keys(event(), event(moved('05-02')))).toEqual([
      'listed:tt:7',
      'listed:post:12',
      'listed:tt:7',
      'listed:post:12',
      'listed-dates:tribe_events',
      'listed-in:tribe_events:2034-03',
      'listed-in:tribe_events:2034-04',
      'listed-in:tribe_events:2034-05',
    ]);
  });

  it('names the searches too when a text changed: by the runs of its old and new values, or all of them', async () => {
    const retitled = await keys(event({ post: { post_title: 'Old' } }), event({ ...moved('03-11'), post: { post_title: 'New' } }));
    expect(retitled).toEqual(expect.arrayContaining([...changedTextKeys(['Old', 'New'])!]));
    expect(retitled).not.toContain('text:tribe_events');
    expect(await keys(event(), event({ ...moved('03-11'), post: { post_title: 'Café' } }))).toContain('text:tribe_events');
    const unchanged = await keys(event(), event(moved('03-11')));
    expect(unchanged.filter((key) => key.startsWith('text'))).toEqual([]);
  });

  it('names every unfiltered list when anything else the lists select by changed, or the dates cannot tell', async () => {
    const broad = [
      event({ post: { post_status: 'draft' } }),
      event({ post: { post_author: 2 } }),
      event({ post: { post_password: 'x' } }),
      event({ meta: { _EventHideFromUpcoming: 'yes' } }),
      event({ meta: { _tribe_featured: '1' } }),
      // No occurrence row: a UTC end before the start, or no duration.
      event({ meta: { _EventEndDateUTC: '2034-03-10 08:00:00' } }),
      event({ meta: { _EventDuration: null } }),
      // A date missing, or not stored as a date, or a move of more than 24 months.
      event({ meta: { _EventEndDate: null } }),
      event({ meta: { _EventStartDate: 'soon' } }),
      event({ meta: { _EventEndDateUTC: '2036-04-01 00:00:00' } }),
    ];
    for (const after of broad) {
      const named = await keys(event(), after);
      expect(named).toContain('listed:tribe_events');
      expect(named.some((key) => key.startsWith('listed-in:'))).toBe(false);
    }
  });
});
