import { SharedVersionRead } from '../../../src/cache/shared-version-read';

/** A version query the test answers by hand; `started` counts the queries sent. */
function manualQueries() {
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  const query = () => new Promise<number | undefined>((resolve, reject) => pending.push({ resolve, reject }));
  return { query, pending, started: () => pending.length };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedVersionRead', () => {
  it('never gives a caller a read that began before it called; callers waiting together share one', async () => {
    const shared = new SharedVersionRead();
    const q = manualQueries();
    const first = shared.read(q.query);
    expect(q.started()).toBe(1);
    // Arrive while read 1 runs: it may predate a write they have seen, so they wait for read 2.
    const second = shared.read(q.query);
    const third = shared.read(q.query);
    expect(q.started()).toBe(1);
    q.pending[0].resolve(7);
    expect(await first).toBe(7);
    await flush();
    expect(q.started()).toBe(2);
    // Arrives while read 2 runs: waits for read 3.
    const fourth = shared.read(q.query);
    q.pending[1].resolve(8);
    expect([await second, await third]).toEqual([8, 8]);
    await flush();
    expect(q.started()).toBe(3);
    q.pending[2].resolve(9);
    expect(await fourth).toBe(9);
    // Nothing under way: a caller starts its own read at once.
    await flush();
    const fifth = shared.read(q.query);
    expect(q.started()).toBe(4);
    q.pending[3].resolve(10);
    expect(await fifth).toBe(10);
  });

  it('passes a failed read to its own callers only', async () => {
    const shared = new SharedVersionRead();
    const q = manualQueries();
    const first = shared.read(q.query);
    const second = shared.read(q.query);
    q.pending[0].reject(new Error('lost'));
    await expect(first).rejects.toThrow('lost');
    await flush();
    q.pending[1].resolve(3);
    expect(await second).toBe(3);
  });
});
