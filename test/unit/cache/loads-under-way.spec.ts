import { DataFreshness } from '../../../src/cache/data-freshness';
import { KeptTotals } from '../../../src/cache/kept-totals';
import { ListTotals } from '../../../src/cache/list-totals';
import { RecordCache } from '../../../src/cache/record-cache';
import { RequestDataVersion } from '../../../src/cache/request-data-version';
import { AppConfig } from '../../../src/config/app-config';
import { DatabaseService } from '../../../src/database/database.service';
import { requestScope, RequestScope } from '../../../src/database/request-scope';
import { ReadModel } from '../../../src/read-model';

/**
 * A burst of first reads of the same value (the venue every event of a page embeds, the total of one
 * list's pages): one request loads it, the others wait for that load and use it as they would use a
 * kept value — only when it may be shared and no write it shows committed since (the same rule).
 */
describe('values and totals under way are loaded once for the requests missing them together', () => {
  let valid: jest.Mock<boolean, [number, unknown]>;
  let keepable: jest.Mock<boolean, []>;
  let cache: RecordCache;
  let totals: ListTotals;

  beforeEach(() => {
    valid = jest.fn().mockReturnValue(true);
    keepable = jest.fn().mockReturnValue(true);
    const versions = { ttlMs: 10_000, current: async () => ({ generation: 1, mark: 0 }), keepable, valid } as unknown as RequestDataVersion;
    const db = { isMysql: true, committedReadMark: () => 0, sql: { inTransaction: false } } as unknown as DatabaseService;
    const readModel = { enabled: false, kind: (name: string) => name } as unknown as ReadModel;
    cache = new RecordCache(versions, readModel, {} as DataFreshness, db);
    const config = { responseCacheTtlSeconds: 10, readModel: { totalMinMs: 5 } } as unknown as AppConfig;
    totals = new ListTotals(config, db, versions, cache, readModel, new KeptTotals(db, readModel));
  });

  /** A load that answers when told: how many times it ran, and with which keys. */
  function gatedLoad(): { load: jest.Mock<Promise<Map<number, string>>, [number[]]>; open: () => void; fail: () => void } {
    let open!: () => void;
    let fail!: () => void;
    const gate = new Promise<void>((resolve, reject) => ((open = resolve), (fail = () => reject(new Error('lost')))));
    const load = jest.fn(async (ids: number[]) => {
      await gate;
      return new Map(ids.map((id) => [id, `value ${id}`]));
    });
    return { load, open, fail };
  }

  const inRequest = <T>(work: () => Promise<T>, scope: Partial<RequestScope> = {}): Promise<T> =>
    requestScope.run({ preferReplica: false, memo: new Map(), arrivedAt: Date.now(), ...scope }, work);
  const many = (ids: number[], load: (ids: number[]) => Promise<Map<number, string>>) =>
    inRequest(() =>
      cache.many(
        'venue',
        ids,
        load,
        () => 10,
        (id) => [`post:${id}`],
      ),
    );

  it('loads a value once for the requests that miss it at the same time, and each gets it', async () => {
    const { load, open } = gatedLoad();
    const first = many([1, 2], load);
    await new Promise((resolve) => setImmediate(resolve));
    // The second misses 2 and 3: it waits for 2 and loads only 3.
    const second = many([2, 3], load);
    await new Promise((resolve) => setImmediate(resolve));
    open();
    expect([...(await first)]).toEqual([
      [1, 'value 1'],
      [2, 'value 2'],
    ]);
    expect([...(await second)].sort()).toEqual([
      [2, 'value 2'],
      [3, 'value 3'],
    ]);
    expect(load.mock.calls).toEqual([[[1, 2]], [[3]]]);
  });

  it('loads it again for a request when a write it shows committed during the load', async () => {
    const { load, open } = gatedLoad();
    const first = many([1], load);
    await new Promise((resolve) => setImmediate(resolve));
    const second = many([1], load);
    await new Promise((resolve) => setImmediate(resolve));
    valid.mockReturnValue(false);
    open();
    await Promise.all([first, second]);
    expect(load.mock.calls).toEqual([[[1]], [[1]]]);
  });

  it('loads it again for a request when the load failed or its value may not be shared', async () => {
    const failing = gatedLoad();
    const first = many([1], failing.load);
    await new Promise((resolve) => setImmediate(resolve));
    const second = many([1], failing.load);
    await new Promise((resolve) => setImmediate(resolve));
    failing.fail();
    await expect(first).rejects.toThrow('lost');
    await expect(second).rejects.toThrow('lost');
    expect(failing.load).toHaveBeenCalledTimes(2);

    keepable.mockReturnValue(false);
    const { load, open } = gatedLoad();
    const third = many([1], load);
    await new Promise((resolve) => setImmediate(resolve));
    const fourth = many([1], load);
    open();
    expect((await Promise.all([third, fourth])).map((found) => found.get(1))).toEqual(['value 1', 'value 1']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('counts a list total once for the anonymous requests asking for it together', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const count = jest.fn(async () => {
      await gate;
      return 42;
    });
    const statement = { text: 'SELECT COUNT(*) FROM t WHERE a = ?', params: [1] };
    const ask = () => inRequest(() => totals.total(statement, count), { dataVersion: { generation: 1, mark: 0 } });
    const asked = [ask(), ask(), ask()];
    await new Promise((resolve) => setImmediate(resolve));
    open();
    expect(await Promise.all(asked)).toEqual([42, 42, 42]);
    expect(count).toHaveBeenCalledTimes(1);
    // Retired meanwhile: counted again.
    valid.mockReturnValue(false);
    expect(await ask()).toBe(42);
    expect(count).toHaveBeenCalledTimes(2);
  });
});
