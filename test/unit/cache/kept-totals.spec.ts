import { KeptTotals, KnownTotal, MAX_COUNTED_ROWS, MAX_COUNTS } from '../../../src/cache/kept-totals';
import { DatabaseService } from '../../../src/database/database.service';
import { transactionScope, TransactionContext } from '../../../src/database/sql';
import { ReadModel, TotalMove } from '../../../src/read-model';
import { noteSeriesOccurrences, noteWrite } from '../../../src/wordpress/write-journal';

/**
 * What a write counts and moves of the totals it knows (src/cache/kept-totals.ts): only the totals that
 * can hold its event are counted, only those it names are moved, both bounded whatever the number of
 * distinct lists read; a write of another post moves nothing. (Exactness on the databases:
 * test/e2e/kept-totals.e2e-spec.ts.)
 */
function total(id: number, keys: string[]): KnownTotal {
  return {
    kind: 'list-total-kept@x',
    id,
    body: `body ${id}`,
    member: { text: `SELECT COUNT(*) FROM t${id} WHERE `, params: [id], identity: ['id'], posts: 'posts' },
    keys: new Set(keys),
  };
}

function setUp(known: KnownTotal[]) {
  const statements: { text: string; params: unknown[] }[] = [];
  const db = {
    sql: {
      one: jest.fn(async (text: string, params: unknown[]) => {
        statements.push({ text, params });
        // Each count answers 1: the event is in every total counted.
        return Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`n${i}`, 1]));
      }),
    },
  } as unknown as DatabaseService;
  const moved: TotalMove[][] = [];
  const readModel = { movedTotals: (moves: TotalMove[]) => (moved.push(moves), [{ sql: 'MOVE' }]) } as unknown as ReadModel;
  const kept = new KeptTotals(db, readModel);
  for (const entry of known) kept.remember(entry);
  return { kept, statements, moved };
}

const inTransaction = <T>(work: () => Promise<T>) => transactionScope.run({} as TransactionContext, work);

const unfiltered = Array.from({ length: 100 }, (_, i) => total(i, ['listed:tribe_events', 'type:tribe_events']));
const ofVenue = Array.from({ length: 30 }, (_, i) => total(100 + i, ['listed:post:9', 'type:tribe_events']));

test('a write counts its event only in the totals that can hold it, at most MAX_COUNTS, in one statement', async () => {
  const { kept, statements } = setUp([...ofVenue, ...unfiltered]);
  await inTransaction(() => kept.before(7, ['listed:tribe_events', 'listed:post:3']));
  expect(statements).toHaveLength(1);
  const counted = statements[0].text.match(/FROM t(\d+) /g)!.map((part) => Number(part.slice(6, -1)));
  expect(counted).toHaveLength(MAX_COUNTS);
  // Every count is one of the unfiltered totals (the venue's cannot hold an event without that venue), with the event's ID.
  expect(counted.every((id) => id < 100)).toBe(true);
  expect(statements[0].params.filter((param) => param === 7)).toHaveLength(MAX_COUNTS);
});

test('it moves only the totals it names, at most MAX_COUNTS; a total it could not count is left to be retired', async () => {
  const { kept, moved } = setUp([...ofVenue, ...unfiltered]);
  await inTransaction(async () => {
    await kept.before(7, ['listed:tribe_events']);
    noteWrite({ kind: 'post', id: 7, action: 'updated', postType: 'tribe_events' });
    const all = kept.moves(['listed:tribe_events', 'listed:post:9']);
    expect(all.rows).toHaveLength(MAX_COUNTS);
    // The unfiltered totals it counted (the event was in each: 1); the venue's, which it names too, are
    // past the bound: not moved, so retired.
    expect(moved[0].map((move) => [move.id < 100, move.before])).toEqual(Array.from({ length: MAX_COUNTS }, () => [true, 1]));
    const venueOnly = kept.moves(['listed:post:9']);
    // A venue's total cannot have held an event without that venue: moved from 0.
    expect(venueOnly.rows.map((row) => row.id).sort()).toEqual(ofVenue.map((entry) => entry.id).sort());
    expect(moved[1].every((move) => move.before === 0)).toBe(true);
  });
});

test('a write of another post besides the event, or none counted, moves nothing', async () => {
  const { kept } = setUp(unfiltered.slice(0, 3));
  await inTransaction(async () => {
    expect(kept.moves(['listed:tribe_events']).rows).toEqual([]);
    kept.created(7);
    noteWrite({ kind: 'post', id: 7, action: 'created', postType: 'tribe_events' });
    expect(kept.moves(['listed:tribe_events']).rows).toHaveLength(3);
    noteWrite({ kind: 'post', id: 8, action: 'created', postType: 'tribe_venue' });
    expect(kept.moves(['listed:tribe_events']).rows).toEqual([]);
  });
});

test('a series is counted by its first events and their children, in fewer totals the larger it is', async () => {
  const { kept, statements } = setUp(unfiltered);
  const family = (size: number) => new Set(Array.from({ length: size }, (_, i) => 50 + i));
  await inTransaction(() => kept.beforeSeries([50, 60], family(20), ['listed:tribe_events']));
  expect(statements[0].text).toContain('WHERE id IN (SELECT ID FROM posts WHERE ID IN (?, ?) OR post_parent IN (?, ?))');
  expect(statements[0].text.match(/FROM t\d+ /g)).toHaveLength(MAX_COUNTS);
  await inTransaction(() => kept.beforeSeries([50], family(1000), ['listed:tribe_events']));
  expect(statements[1].text.match(/FROM t\d+ /g)).toHaveLength(MAX_COUNTED_ROWS / 1000);
});

test('a series write moves the totals only while every post it wrote is of the series', async () => {
  const { kept } = setUp(unfiltered.slice(0, 3));
  const post = (id: number) => noteWrite({ kind: 'post', id, action: 'updated', postType: 'tribe_events' });
  // Its first event, an occurrence it held, one its series write created: all of the series.
  await inTransaction(async () => {
    await kept.beforeSeries([50], new Set([50, 51]), ['listed:tribe_events']);
    post(50);
    post(51);
    noteSeriesOccurrences(50, 'created', [90]);
    post(90);
    expect(kept.moves(['listed:tribe_events']).rows).toHaveLength(3);
    // Another event written besides: nothing moves.
    post(70);
    expect(kept.moves(['listed:tribe_events']).rows).toEqual([]);
  });
  // A series written under a first event it did not count: nothing moves.
  await inTransaction(async () => {
    await kept.beforeSeries([50], new Set([50]), ['listed:tribe_events']);
    post(50);
    noteSeriesOccurrences(60, 'updated', [61]);
    expect(kept.moves(['listed:tribe_events']).rows).toEqual([]);
  });
  // One event counted, then a series written: nothing moves.
  await inTransaction(async () => {
    await kept.before(50, ['listed:tribe_events']);
    post(50);
    noteSeriesOccurrences(50, 'created', [91]);
    expect(kept.moves(['listed:tribe_events']).rows).toEqual([]);
  });
});
