import { ResponseCache } from '../../../src/cache/response-cache';

const answer = (version: number, text = `v${version}`) => ({
  version,
  headers: [['x-wp-total', '1']] as [string, string][],
  body: Buffer.from(text),
  etag: `"${text}"`,
});

describe('ResponseCache', () => {
  let now = 1_000_000;
  const cache = () => new ResponseCache(10_000, 100, () => now);

  it('serves an answer only at the version it was read under and while younger than the TTL', () => {
    const c = cache();
    c.store('k', answer(5));
    expect(c.fresh('k', 5)?.body.toString()).toBe('v5');
    expect(c.fresh('k', 6)).toBeUndefined();
    // Versions only grow: the old answer is gone for good.
    expect(c.fresh('k', 5)).toBeUndefined();
    c.store('k', answer(6));
    now += 9_999;
    expect(c.fresh('k', 6)?.body.toString()).toBe('v6');
    now += 1;
    expect(c.fresh('k', 6)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('keeps an answer read under a newer version when a slower reader of an older one finishes', () => {
    const c = cache();
    c.store('k', answer(8));
    c.store('k', answer(7));
    expect(c.fresh('k', 8)?.body.toString()).toBe('v8');
    // A reader behind (e.g. on a lagging replica) neither gets the newer answer nor drops it.
    expect(c.fresh('k', 7)).toBeUndefined();
    expect(c.fresh('k', 8)?.body.toString()).toBe('v8');
  });

  it('holds at most its entry count, least recently used out first', () => {
    const c = new ResponseCache(10_000, 2, () => now);
    c.store('a', answer(1, 'a'));
    c.store('b', answer(1, 'b'));
    c.fresh('a', 1);
    c.store('c', answer(1, 'c'));
    expect([c.fresh('a', 1)?.etag, c.fresh('b', 1), c.fresh('c', 1)?.etag]).toEqual(['"a"', undefined, '"c"']);
  });

  it('does not keep a body larger than an eighth of its byte budget', () => {
    const c = cache();
    c.store('big', { ...answer(1), body: Buffer.alloc(9 * 1024 * 1024) });
    expect(c.fresh('big', 1)).toBeUndefined();
  });
});
