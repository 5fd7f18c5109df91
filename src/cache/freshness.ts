import { EVERYTHING } from '../wordpress/write-journal';

/**
 * What a cached value shows, as the keys a write names when it changes them (docs/caching.md "What a
 * write retires"): `post:12`, `type:tribe_events` (which posts of a type exist, in which order),
 * `tt:7`, `counts:post_tag`, `taxonomy:post_tag`. Undefined: anything at all (retired by every write).
 */
export type Dependencies = ReadonlySet<string> | undefined;

/** One write's journal row: the data-version row it bumped, the value it bumped it to, the keys it touched. */
export interface JournalRow {
  shard: number;
  value: number;
  keys: readonly string[];
}

/** The values of the data-version rows to read the journal rows of: `after < value <= upTo`. */
export interface JournalRange {
  shard: number;
  after: number;
  upTo: number;
}

/** Rows read at most to learn what changed since the last look; more retires everything instead. */
const MAX_JOURNAL_ROWS = 5_000;
/** Keys remembered at most; past this everything is retired once and the memory starts again. */
const MAX_KEYS = 50_000;

/**
 * An instance's knowledge of the writes committed so far, by generation: each time it sees the
 * data-version rows move (`advance`), it reads the journal rows of the writes in between, and the
 * keys they name changed at a new generation. A value read after the instance reached generation G
 * (its data read after that look) stays valid while nothing it depends on changed at a later
 * generation (`valid`). A write without its journal row (WordPress's must-use plugin bumps a row
 * itself, a pruned row, too many at once) retires everything.
 */
export class Freshness {
  private generation = 0;
  private vector?: number[];
  private vectorText?: string;
  /** The generation at which any write was last seen, and at which everything was last retired. */
  private lastWrite = 0;
  private everything = 0;
  /** Key → the generation it last changed at (only keys changed since `everything`). */
  private readonly changed = new Map<string, number>();

  /**
   * The generation values read from now on are valid under, after learning what the rows `text`
   * (the data-version rows' values in id order, comma-separated) say was written since the last look;
   * undefined when `text` is behind what this instance already knows (a lagging read replica): such
   * reads share nothing.
   */
  async advance(text: string, readJournal: (ranges: JournalRange[]) => Promise<JournalRow[]>): Promise<number | undefined> {
    if (text === this.vectorText) return this.generation;
    const read = text.split(',').map(Number);
    const before = this.vector;
    if (!before || before.length !== read.length) return this.retireEverything(read, text);
    if (read.some((value, i) => value < before[i])) return undefined;
    const ranges = read.flatMap((value, i) => (value > before[i] ? [{ shard: i + 1, after: before[i], upTo: value }] : []));
    const rows = ranges.reduce((sum, r) => sum + r.upTo - r.after, 0) <= MAX_JOURNAL_ROWS ? await readJournal(ranges) : undefined;
    // Another look may have moved on while the rows were read.
    const now = this.vector!;
    if (read.some((value, i) => value < now[i])) return undefined;
    if (read.every((value, i) => value === now[i])) return this.generation;
    if (!rows) return this.retireEverything(read, text);
    const byRow = new Map(rows.map((row) => [`${row.shard}:${row.value}`, row.keys]));
    const keys = new Set<string>();
    for (let i = 0; i < read.length; i++) {
      for (let value = now[i] + 1; value <= read[i]; value++) {
        const named = byRow.get(`${i + 1}:${value}`);
        if (!named || named.includes(EVERYTHING)) return this.retireEverything(read, text);
        for (const key of named) keys.add(key);
      }
    }
    if (this.changed.size + keys.size > MAX_KEYS) return this.retireEverything(read, text);
    const generation = this.moveTo(read, text);
    for (const key of keys) this.changed.set(key, generation);
    return generation;
  }

  /** Whether a value read at `generation` that shows `dependencies` is still the current one. */
  valid(generation: number, dependencies: Dependencies): boolean {
    if (generation < this.everything) return false;
    if (!dependencies) return generation >= this.lastWrite;
    for (const key of dependencies) if ((this.changed.get(key) ?? 0) > generation) return false;
    return true;
  }

  private retireEverything(read: number[], text: string): number {
    const generation = this.moveTo(read, text);
    this.everything = generation;
    this.changed.clear();
    return generation;
  }

  private moveTo(read: number[], text: string): number {
    this.vector = read;
    this.vectorText = text;
    this.lastWrite = ++this.generation;
    return this.generation;
  }
}
