/**
 * Loads another request started and has not finished, by key: a request missing the same value waits
 * for that load instead of running it again (a burst of first reads of one venue, of one list's
 * total). What a load settles to is the value as it would be kept, or undefined when it may not be
 * shared or failed; the waiter still checks it as it checks a kept value (RecordCache, ListTotals).
 */
export class LoadsUnderWay<V> {
  private readonly loads = new Map<string, Promise<V | undefined>>();

  /** The load under way for `key`, if any. */
  get(key: string): Promise<V | undefined> | undefined {
    return this.loads.get(key);
  }

  /** Makes `load` the one requests missing `key` wait for, until it settles (a failure settles to undefined). */
  share(key: string, load: Promise<V | undefined>): void {
    const shared = load.catch(() => undefined);
    this.loads.set(key, shared);
    void shared.finally(() => this.loads.get(key) === shared && this.loads.delete(key));
  }
}
