import { createServer, Server, Socket } from 'node:net';
import { freePort } from '../support/free-port';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { createWebhook, ECA, FAST_WEBHOOKS, Receiver, sleep } from './changes-test-helpers';

/** Longest time one attempt may take here: what each delivery to the dead receiver holds a send. */
const TIMEOUT_MS = 5000;
/** How long after the writes the healthy receiver may take to get its 20 deliveries: well under one timeout. */
const BOUND_MS = 2000;
const WRITES = 20;

/** A receiver that accepts connections and never answers. */
class DeadReceiver {
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  url = '';
  connections = 0;
  lastOpenedAt = 0;

  async start(): Promise<this> {
    const port = await freePort();
    this.server = createServer((socket) => {
      this.connections++;
      this.lastOpenedAt = Date.now();
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      // Read the request (so that the sender's end of the connection is seen), never answer it.
      socket.resume();
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${port}/hook`;
    return this;
  }

  /** Connections open now (sends waiting for an answer). */
  get open(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((done) => this.server?.close(done));
  }
}

/**
 * One receiver's slowness costs the others nothing (issue #22): a receiver that never answers holds a
 * send for WEBHOOKS_TIMEOUT_MS at each attempt, while a healthy one subscribed to the same changes gets
 * its deliveries at once — also when retries of the dead one are due.
 */
describe('a webhook receiver that never answers', () => {
  let t: TestApp;
  let dead: DeadReceiver;
  let healthy: Receiver;
  let deadHook: Record<string, any>;
  let closed = false;

  beforeAll(async () => {
    dead = await new DeadReceiver().start();
    healthy = await new Receiver().start();
    t = await startTestApp({ env: { ...FAST_WEBHOOKS, WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOKS_RETRY_DELAYS: '1,1,1' } });
    deadHook = await createWebhook(t, { url: dead.url, events: ['tag.created'] });
    await createWebhook(t, { url: healthy.url, events: ['tag.created'] });
  });
  afterAll(async () => {
    await dead?.stop();
    if (!closed) await t?.close();
    await healthy?.stop();
  });

  /** The dead webhook's deliveries with their attempts, as its log shows them. */
  async function deadLog(): Promise<any[]> {
    return (await t.http.get(`${ECA}/webhooks/${deadHook.id}/deliveries`).query({ per_page: 100 }).set('Authorization', ADMIN).expect(200)).body.deliveries;
  }

  /** The most attempts of the dead webhook that were running at once (an attempt ends before the next starts). */
  async function mostDeadAttemptsAtOnce(): Promise<number> {
    const edges = (await deadLog())
      .flatMap((d) => d.attempts)
      .flatMap((a: any) => [
        [Date.parse(a.at), 1],
        [Date.parse(a.at) + a.duration_ms, -1],
      ])
      .sort(([x, dx], [y, dy]) => x - y || dx - dy);
    let running = 0;
    let most = 0;
    for (const [, delta] of edges) most = Math.max(most, (running += delta));
    return most;
  }

  /** Writes 20 tags and returns how long after the last write the healthy receiver had their 20 deliveries. */
  async function twentyTagsDelivered(): Promise<number> {
    const before = healthy.received.length;
    for (let i = 0; i < WRITES; i++) {
      await t.http
        .post(`${BASE}/tags`)
        .set('Authorization', ADMIN)
        .send({ name: `Tag ${before + i}` })
        .expect(201);
    }
    const written = Date.now();
    await healthy.waitFor(before + WRITES, TIMEOUT_MS * 3);
    return Date.now() - written;
  }

  it('does not delay the deliveries to a healthy receiver', async () => {
    expect(await twentyTagsDelivered()).toBeLessThan(BOUND_MS);
    expect(dead.connections).toBeGreaterThan(0);
  });

  it('does not delay them either while retries of the dead receiver are due, and holds at most 2 sends for it', async () => {
    // Wait until attempts to the dead receiver timed out and their retries are scheduled.
    let retrying: any[] = [];
    for (const until = Date.now() + TIMEOUT_MS * 3; retrying.length < 2 && Date.now() < until; await sleep(100)) {
      retrying = (await deadLog()).filter((d) => d.status === 'pending' && d.attempts.length > 0);
    }
    expect(retrying.length).toBeGreaterThanOrEqual(2);
    expect(retrying[0].attempts[0].error).toMatch(/no complete answer within \d+ ms/);
    expect(retrying[0].attempts[0].duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    await sleep(1000); // their retry delay (1 s) has passed: they are due again

    expect(await twentyTagsDelivered()).toBeLessThan(BOUND_MS);
    // Every delivery to the healthy receiver was its first attempt, each change once.
    expect(healthy.received.every((d) => d.json.attempt === 1)).toBe(true);
    expect(new Set(healthy.received.map((d) => d.json.change.cursor)).size).toBe(WRITES * 2);
    // The dead receiver never held more than 2 of the worker's sends.
    await sleep(TIMEOUT_MS);
    expect(await mostDeadAttemptsAtOnce()).toBe(2);
  });

  it('stops with the application only once its sends in flight have ended', async () => {
    // Close just after a send to the dead receiver started: it is waited for until its timeout.
    const connections = dead.connections;
    for (const until = Date.now() + TIMEOUT_MS * 2; dead.connections === connections && Date.now() < until;) await sleep(10);
    expect(dead.connections).toBeGreaterThan(connections);
    const started = dead.lastOpenedAt;
    closed = true;
    await t.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    await sleep(100);
    expect(dead.open).toBe(0);
  });
});
