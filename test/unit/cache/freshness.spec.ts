import { Freshness, JournalRange, JournalRow } from '../../../src/cache/freshness';

/** A journal as the database would answer it: rows by `shard:value`. */
function journal(rows: JournalRow[]) {
  const asked: JournalRange[][] = [];
  const read = async (ranges: JournalRange[]) => {
    asked.push(ranges);
    return rows.filter((row) => ranges.some((r) => r.shard === row.shard && row.value > r.after && row.value <= r.upTo));
  };
  return { read, asked };
}

const row = (shard: number, value: number, ...keys: string[]): JournalRow => ({ shard, value, keys });
const event7 = new Set(['post:7', 'type:tribe_events']);
const event8 = new Set(['post:8', 'type:tribe_events']);
const venue3 = new Set(['post:3']);

describe('Freshness', () => {
  it('retires only the values that show a key a write named, and values that show anything on every write', async () => {
    const f = new Freshness();
    const j = journal([row(1, 6, 'post:7', 'type:tribe_events'), row(2, 3, 'post:3', 'type:tribe_venue')]);
    const g1 = (await f.advance('5,2', j.read))!;
    expect(await f.advance('5,2', j.read)).toBe(g1);
    expect(j.asked).toEqual([]);
    const g2 = (await f.advance('6,2', j.read))!;
    expect(g2).toBeGreaterThan(g1);
    expect(j.asked).toEqual([[{ shard: 1, after: 5, upTo: 6 }]]);
    expect([f.valid(g1, event7), f.valid(g1, event8), f.valid(g1, venue3), f.valid(g1, undefined)]).toEqual([false, false, true, false]);
    // Read after the look that learned the write: valid.
    expect([f.valid(g2, event7), f.valid(g2, undefined)]).toEqual([true, true]);
    await f.advance('6,3', j.read);
    expect([f.valid(g2, event7), f.valid(g2, venue3), f.valid(g1, new Set())]).toEqual([true, false, true]);
  });

  it('retires everything for a write without its journal row (WordPress’s must-use plugin), one that names `*`, or too many at once', async () => {
    const cases: [string, JournalRow[]][] = [
      ['1,3', [row(2, 3, 'post:1')]],
      ['1,3', [row(2, 2, 'post:1'), row(2, 3, '*')]],
      ['1,9000', []],
    ];
    for (const [next, rows] of cases) {
      const f = new Freshness();
      const j = journal(rows);
      const g1 = (await f.advance('1,1', j.read))!;
      const g2 = (await f.advance(next, j.read))!;
      expect([f.valid(g1, new Set()), f.valid(g1, venue3), f.valid(g2, new Set())]).toEqual([false, false, true]);
    }
  });

  it('shares nothing with a read behind what it already knows (a lagging replica), and learns a write once when two looks race', async () => {
    const f = new Freshness();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const rows = [row(1, 2, 'post:7', 'type:tribe_events')];
    const slow = async (ranges: JournalRange[]) => (await gate, journal(rows).read(ranges));
    const g1 = (await f.advance('1,1', slow))!;
    const racing = f.advance('2,1', slow);
    const other = f.advance('2,1', journal(rows).read);
    release();
    const [a, b] = await Promise.all([racing, other]);
    expect(a).toBe(b);
    expect(a).toBeGreaterThan(g1);
    expect(await f.advance('1,1', slow)).toBeUndefined();
    expect(f.valid(a!, event7)).toBe(true);
  });
});
