import { RRule } from 'rrule';

/**
 * The whole periods each search of the `rrule` library stepped through while `work` ran, counted
 * apart from src/recurrence/engine.ts: the library reads `options.interval` twice a period, found or not.
 */
export async function searchesOf(work: () => unknown): Promise<number[]> {
  const searches: number[] = [];
  const all = RRule.prototype.all;
  const spy = jest.spyOn(RRule.prototype, 'all').mockImplementation(function (this: RRule, iterator) {
    const options = this.options as { interval: number };
    const bounded = Object.getOwnPropertyDescriptor(options, 'interval');
    let reads = 0;
    Object.defineProperty(options, 'interval', {
      get: () => {
        reads++;
        return bounded?.get ? bounded.get() : bounded?.value;
      },
    });
    try {
      return all.call(this, iterator);
    } finally {
      searches.push(Math.floor(reads / 2));
    }
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return searches;
}
