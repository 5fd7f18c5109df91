import type { Dependencies } from '../../../src/cache/freshness';
import { ResponseCache } from '../../../src/cache/response-cache';

const answer = (generation: number, text = `g${generation}`, dependencies?: Dependencies) => ({
  generation,
  dependencies,
  headers: [['x-wp-total', '1']] as [string, string][],
  body: Buffer.from(text),
  etag: `"${text}"`,
  counts: [],
});

describe('ResponseCache', () => {
  let now = 1_000_000;
  /** Stands in for DataFreshness: answers read before `retiredAt` are retired. */
  let retiredAt = 0;
  const valid = (generation: number) => generation >= retiredAt;
  const cache = (entries = 100) => new ResponseCache(10_000, entries, valid, () => now);

  it('serves an answer while it is valid and younger than the TTL, and frees it for good once it is not', () => {
    const c = cache();
    c.store('k', answer(5));
    expect(c.fresh('k')?.body.toString()).toBe('g5');
    retiredAt = 6;
    expect(c.fresh('k')).toBeUndefined();
    retiredAt = 0;
    // Gone for good: a retired answer never comes back.
    expect(c.fresh('k')).toBeUndefined();
    c.store('k', answer(6));
    now += 9_999;
    expect(c.fresh('k')?.body.toString()).toBe('g6');
    now += 1;
    expect(c.fresh('k')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('asks the validity of an answer with what it shows', () => {
    const seen: Dependencies[] = [];
    const c = new ResponseCache(
      10_000,
      10,
      (_, dependencies) => (seen.push(dependencies), true),
      () => now,
    );
    c.store('k', answer(1, 'k', new Set(['post:7'])));
    c.fresh('k');
    expect(seen).toEqual([new Set(['post:7'])]);
  });

  it('keeps an answer read under a newer generation when a slower reader of an older one finishes', () => {
    const c = cache();
    c.store('k', answer(8));
    c.store('k', answer(7));
    expect(c.fresh('k')?.body.toString()).toBe('g8');
  });

  it('holds at most its entry count, least recently used out first', () => {
    const c = cache(2);
    c.store('a', answer(1, 'a'));
    c.store('b', answer(1, 'b'));
    c.fresh('a');
    c.store('c', answer(1, 'c'));
    expect([c.fresh('a')?.etag, c.fresh('b'), c.fresh('c')?.etag]).toEqual(['"a"', undefined, '"c"']);
  });

  it('does not keep a body larger than an eighth of its byte budget', () => {
    const c = cache();
    c.store('big', { ...answer(1), body: Buffer.alloc(9 * 1024 * 1024) });
    expect(c.fresh('big')).toBeUndefined();
  });
});
