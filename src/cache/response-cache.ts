import { LRUCache } from 'lru-cache';
import type { CountPlace } from '../rest/json-text';
import type { Dependencies } from './freshness';

/** One anonymous 200 answer, ready to be written again as it was first sent. */
export interface CachedAnswer {
  /** Generation the answer was read under (DataFreshness, read before any of its data). */
  generation: number;
  /** What it shows (dependencies.ts); undefined: anything. */
  dependencies: Dependencies;
  /** Date.now() when stored. */
  created: number;
  /** Every header the answer was first sent with (security, content, pagination, Allow, ETag…) but per-request ones. */
  headers: [string, string | number | string[]][];
  body: Buffer;
  etag: string;
  /** Where the body holds term counts put in again at replay (counts-at-replay.ts); they are not among `dependencies`. */
  counts: readonly CountPlace[];
  /** The generation at which the counts were last found current: until the next write is seen, a hit needs no look at them. */
  countsAt?: number;
}

/** Upper bound of the bodies kept, whatever RESPONSE_CACHE_MAX_ENTRIES says (large pages add up). */
const MAX_BYTES = 64 * 1024 * 1024;
/** Fixed cost counted per entry on top of its body (key, headers, bookkeeping). */
const ENTRY_OVERHEAD = 1024;

/**
 * The per-instance store of anonymous answers, least recently used first out. An answer is served only
 * while nothing it shows changed since the generation it was read under (`valid`: DataFreshness) and
 * it is younger than the TTL (the TTL bounds how long a write made by WordPress itself, which does not
 * bump the version, can go unseen).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedAnswer>;

  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
    private readonly valid: (generation: number, dependencies: Dependencies) => boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache<string, CachedAnswer>({
      max: maxEntries,
      maxSize: MAX_BYTES,
      sizeCalculation: (answer) => answer.body.length + ENTRY_OVERHEAD,
    });
  }

  /** The answer stored under `key` if it is still valid. */
  fresh(key: string): CachedAnswer | undefined {
    const answer = this.entries.get(key);
    if (!answer) return undefined;
    if (this.now() - answer.created < this.ttlMs && this.valid(answer.generation, answer.dependencies)) return answer;
    // A retired or expired answer can never be valid again: free its room now.
    this.entries.delete(key);
    return undefined;
  }

  /** Stores an answer unless one read under a newer generation is already there (slow readers lose). */
  store(key: string, answer: Omit<CachedAnswer, 'created'>): void {
    const current = this.entries.peek(key);
    if (current && current.generation > answer.generation) return;
    if (answer.body.length + ENTRY_OVERHEAD > MAX_BYTES / 8) return;
    this.entries.set(key, { ...answer, created: this.now() });
  }

  /** Puts `updated` (the same answer, its term counts put in again) in place of `kept`, unless another answer took its place meanwhile. */
  replace(key: string, kept: CachedAnswer, updated: CachedAnswer): void {
    if (this.entries.peek(key) === kept) this.entries.set(key, updated);
  }

  get size(): number {
    return this.entries.size;
  }
}
