import fc from 'fast-check';
import { MAX_LISTED_MONTHS, monthKeys, monthKeysOf } from '../../../src/events/list-months';

/**
 * The months rule (docs/caching.md "What a write retires"): an event whose dates alone move changes a
 * list ordered by date only if the months its dates span meet the months of the list's window bounds
 * or of its page's range. Held here against a model of such a list: events with a start and an end,
 * a window of conditions on either, ordered by start then ID, one page of it; whenever a move changes
 * the page or the total, the keys the write names and the keys the list declares share one.
 */
describe('list months', () => {
  it('names every month from the earliest to the latest date, across years', () => {
    expect(monthKeys(['2034-12-20 10:00:00', '2035-02-01 00:00:00', '2034-11-30 23:59:59'])).toEqual([
      'listed-in:tribe_events:2034-11',
      'listed-in:tribe_events:2034-12',
      'listed-in:tribe_events:2035-01',
      'listed-in:tribe_events:2035-02',
    ]);
    expect(monthKeysOf(['2034-01-01 00:00:00', '2034-12-31 23:59:59', '2034-01-31 00:00:00'])).toEqual([
      'listed-in:tribe_events:2034-01',
      'listed-in:tribe_events:2034-12',
    ]);
  });

  it('names nothing it cannot tell by months: a value that is no stored date, no value, too wide a span', () => {
    for (const dates of [[], ['2034-01-01'], ['2034-01-01 10:00:00', 'soon'], ['2034-1-01 10:00:00']]) expect(monthKeys(dates)).toBeUndefined();
    expect(monthKeysOf(['2034-01-01 00:00:00', ''])).toBeUndefined();
    // A zero date or a month past 12 sorts among other months' dates ('2034-99-01' before '2035-01-01'): it names none.
    for (const dates of [['0000-00-00 00:00:00'], ['2034-13-01 10:00:00'], ['2034-12-01 10:00:00', '2034-99-01 10:00:00']])
      expect(monthKeys(dates)).toBeUndefined();
    expect(MAX_LISTED_MONTHS).toBe(24);
    expect(monthKeys(['2033-01-01 00:00:00', '2034-12-31 00:00:00'])).toHaveLength(24);
    expect(monthKeys(['2033-01-01 00:00:00', '2035-01-01 00:00:00'])).toBeUndefined();
  });

  interface ModelEvent {
    id: number;
    start: string;
    end: string;
  }
  interface Condition {
    on: 'start' | 'end';
    op: '>=' | '<=';
    value: string;
  }

  const day = fc.integer({ min: 0, max: 900 }).map((n) => new Date(Date.UTC(2034, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const time = fc.constantFrom('00:00:00', '10:00:00', '23:59:59');
  const stamp = fc.tuple(day, time).map(([d, t]) => `${d} ${t}`);
  const span = fc.tuple(stamp, fc.integer({ min: 0, max: 40 })).map(([start, days]) => {
    const end = new Date(Date.parse(`${start.replace(' ', 'T')}Z`) + days * 86_400_000).toISOString().replace('T', ' ').slice(0, 19);
    return { start, end };
  });
  const condition = fc.record({ on: fc.constantFrom<'start' | 'end'>('start', 'end'), op: fc.constantFrom<'>=' | '<='>('>=', '<='), value: stamp });

  const holds = (event: ModelEvent, c: Condition) => (c.op === '>=' ? event[c.on] >= c.value : event[c.on] <= c.value);
  const listOf = (events: ModelEvent[], window: Condition[]) =>
    events.filter((event) => window.every((c) => holds(event, c))).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id));

  it('a move that changes a page or its total always meets the list’s months', () => {
    fc.assert(
      fc.property(
        fc.array(span, { minLength: 1, maxLength: 12 }),
        fc.array(condition, { maxLength: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.nat(),
        span,
        (spans, window, perPage, pageIndex, which, moved) => {
          const before = spans.map((s, i) => ({ id: i + 1, ...s }));
          const target = which % before.length;
          const after = before.map((event, i) => (i === target ? { ...event, ...moved } : event));
          const [listBefore, listAfter] = [listOf(before, window), listOf(after, window)];
          const page = (list: ModelEvent[]) => list.slice(pageIndex * perPage, (pageIndex + 1) * perPage).map((e) => `${e.id}@${e.start}`);
          const changed = listBefore.length !== listAfter.length || page(listBefore).join() !== page(listAfter).join();
          if (!changed) return;
          const shown = listBefore.slice(pageIndex * perPage, (pageIndex + 1) * perPage);
          // As events-read.service.ts declares them, and EventListings names them.
          const listKeys = [
            'listed',
            ...(monthKeysOf(window.map((c) => c.value)) ?? ['listed-dates']),
            ...(shown.length ? (monthKeys([shown[0].start, shown[shown.length - 1].start]) ?? ['listed-dates']) : []),
          ];
          const { start, end } = before[target];
          const months = monthKeys([start, end, moved.start, moved.end]);
          const writeKeys = months ? ['listed-dates', ...months] : ['listed'];
          expect(listKeys.some((key) => writeKeys.includes(key))).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
