import { DeliveriesRepository } from '../../src/changes/repository/deliveries.repository';
import { Sql, SqlParam } from '../../src/database/sql';
import { createWebhook, FAST_WEBHOOKS, Receiver, sleep } from '../e2e/changes-test-helpers';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// Two instances of the service on one MariaDB database, both running the delivery worker: they share
// the fan-out and the deliveries (rows claimed with FOR UPDATE SKIP LOCKED), and each change reaches
// each webhook once.
const ENV = { ...FAST_WEBHOOKS, WEBHOOKS_POLL_INTERVAL_MS: '20' };
const HOOKS = 3;
const WRITES = 40;

let database: TestDatabase;
let a: TestApp;
let b: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  database = await createTestDatabase('mysql');
  a = await startTestApp({ database, env: ENV });
  b = await startTestApp({ database, env: ENV });
  receiver = await new Receiver().start();
  // A slow receiver keeps each worker busy, so the other finds work to claim meanwhile.
  receiver.answers = [{ status: 200, delayMs: 40 }];
});

afterAll(async () => {
  jest.restoreAllMocks();
  await a?.close();
  await b?.close();
  await receiver?.stop();
  await database?.drop();
});

describe('two instances delivering webhooks from one MariaDB database', () => {
  it('share the work and deliver each change to each webhook exactly once', async () => {
    const claimedBy = { a: [] as number[], b: [] as number[] };
    for (const [name, app] of [['a', a] as const, ['b', b] as const]) {
      const deliveries = app.app.get(DeliveriesRepository);
      const claim = deliveries.claim.bind(deliveries);
      jest.spyOn(deliveries, 'claim').mockImplementation(async (...args) => {
        const claimed = await claim(...args);
        claimedBy[name].push(...claimed.map((d) => d.id));
        return claimed;
      });
    }
    // Each claim holds its rows 100 ms between choosing them and taking them, so the two workers' claims
    // overlap: without the row locks (SKIP LOCKED) they would choose the same rows.
    const rows = Sql.prototype.rows;
    jest.spyOn(Sql.prototype, 'rows').mockImplementation(async function (this: Sql, text: string, params?: SqlParam[]) {
      const result = await rows.call(this, text, params);
      if (/eca_webhook_deliveries\S* WHERE state = 'pending' .* ORDER BY next_attempt_at/.test(text.replace(/\s+/g, ' ')) && result.length) await sleep(100);
      return result as never[];
    });
    for (let i = 0; i < HOOKS; i++) await createWebhook(a, { url: receiver.url, events: ['tag.created'] });

    // Writes through both instances at once.
    await Promise.all(
      Array.from({ length: WRITES }, (_, i) =>
        (i % 2 ? a : b).http
          .post(`${BASE}/tags`)
          .set('Authorization', ADMIN)
          .send({ name: `Shared ${i}` })
          .expect(201),
      ),
    );
    const received = await receiver.waitFor(HOOKS * WRITES, 60000);
    await sleep(1000);
    expect(received).toHaveLength(HOOKS * WRITES);

    const pairs = received.map((d) => `${d.headers['x-eca-webhook']}:${d.json.change.cursor}`);
    expect(new Set(pairs).size).toBe(HOOKS * WRITES);
    expect(new Set(received.map((d) => d.json.id)).size).toBe(HOOKS * WRITES);
    expect(received.every((d) => d.json.attempt === 1)).toBe(true);
    // Both workers took part, and no delivery was claimed by both.
    expect(claimedBy.a.length).toBeGreaterThan(0);
    expect(claimedBy.b.length).toBeGreaterThan(0);
    expect(claimedBy.a.filter((id) => claimedBy.b.includes(id))).toEqual([]);
    expect(claimedBy.a.length + claimedBy.b.length).toBe(HOOKS * WRITES);
  });
});
