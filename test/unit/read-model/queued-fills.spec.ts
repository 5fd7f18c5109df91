import type { AppConfig } from '../../../src/config/app-config';
import type { DatabaseService } from '../../../src/database/database.service';
import { ReadModel } from '../../../src/read-model';

/**
 * Fills under load (src/read-model/read-model.ts, `fill`): with no connection free, one fill runs after
 * the answer; another is skipped (a later read fills it) unless it is `queued` (a kept total, which no
 * later read fills again while memory answers it): it runs once the running one ends, bounded.
 */
function setUp() {
  const db = { idle: false, sql: {} } as unknown as DatabaseService;
  const readModel = new ReadModel(db, { readModel: { enabled: true, maxAgeMs: 0 } } as unknown as AppConfig);
  const started: string[] = [];
  const finish: (() => void)[] = [];
  jest.spyOn(readModel as unknown as { fillNow: (kind: string) => Promise<boolean> }, 'fillNow').mockImplementation((kind: string) => {
    started.push(kind);
    return new Promise((resolve) => finish.push(() => resolve(true)));
  });
  const entry = (id: number) => [{ id, value: id, keys: [`post:${id}`] }];
  const fill = (kind: string, id: number, queued = false) => readModel.fill(kind, entry(id), async () => true, { queued });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { started, finish, fill, settle };
}

test('a queued fill waits for the running one; an unqueued one is skipped', async () => {
  const { started, finish, fill, settle } = setUp();
  expect(await fill('items', 1)).toBe(false);
  expect(await fill('items', 2)).toBe(false);
  expect(await fill('totals', 3, true)).toBe(false);
  expect(await fill('totals', 3, true)).toBe(false);
  expect(await fill('totals', 4, true)).toBe(false);
  expect(started).toEqual(['items']);
  finish.shift()!();
  await settle();
  expect(started).toEqual(['items', 'totals']);
  finish.shift()!();
  await settle();
  // The same rows asked twice wait once.
  expect(started).toEqual(['items', 'totals', 'totals']);
  finish.shift()!();
  await settle();
  expect(started).toHaveLength(3);
});

test('at most 256 fills wait', async () => {
  const { started, finish, fill, settle } = setUp();
  await fill('items', 0);
  for (let id = 1; id <= 300; id++) await fill('totals', id, true);
  for (let round = 0; round < 300 && finish.length; round++) {
    finish.shift()!();
    await settle();
  }
  expect(started).toHaveLength(1 + 256);
});
