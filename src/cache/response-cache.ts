import { LRUCache } from 'lru-cache';

/** One anonymous 200 answer, ready to be written again as it was first sent. */
export interface CachedAnswer {
  /** Data version the answer was read under (read before any of its data). */
  version: number;
  /** Date.now() when stored. */
  created: number;
  /** Every header the answer was first sent with (security, content, pagination, Allow, ETag…) but per-request ones. */
  headers: [string, string | number | string[]][];
  body: Buffer;
  etag: string;
}

/** Upper bound of the bodies kept, whatever RESPONSE_CACHE_MAX_ENTRIES says (large pages add up). */
const MAX_BYTES = 64 * 1024 * 1024;
/** Fixed cost counted per entry on top of its body (key, headers, bookkeeping). */
const ENTRY_OVERHEAD = 1024;

/**
 * The per-instance store of anonymous answers, least recently used first out. An answer is served only
 * while the data version is still the one it was read under and it is younger than the TTL (the TTL
 * bounds how long a write made by WordPress itself, which does not bump the version, can go unseen).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedAnswer>;

  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache<string, CachedAnswer>({
      max: maxEntries,
      maxSize: MAX_BYTES,
      sizeCalculation: (answer) => answer.body.length + ENTRY_OVERHEAD,
    });
  }

  /** The answer stored under `key` if it is still valid at `version`. */
  fresh(key: string, version: number): CachedAnswer | undefined {
    const answer = this.entries.get(key);
    if (!answer) return undefined;
    if (answer.version === version && this.now() - answer.created < this.ttlMs) return answer;
    // Versions only grow, so an older or expired answer can never be valid again: free its room now.
    if (answer.version < version || this.now() - answer.created >= this.ttlMs) this.entries.delete(key);
    return undefined;
  }

  /** Stores an answer unless one read under a newer version is already there (slow readers lose). */
  store(key: string, answer: Omit<CachedAnswer, 'created'>): void {
    const current = this.entries.peek(key);
    if (current && current.version > answer.version) return;
    if (answer.body.length + ENTRY_OVERHEAD > MAX_BYTES / 8) return;
    this.entries.set(key, { ...answer, created: this.now() });
  }

  get size(): number {
    return this.entries.size;
  }
}
