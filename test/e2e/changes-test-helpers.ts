import { createHmac } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { freePort } from '../support/free-port';
import { ADMIN, TestApp } from '../support/test-app';

export const ECA = '/wp-json/eca/v1';

/** Settings that make the worker quick enough for tests: 50 ms polls, 1 s retries. */
export const FAST_WEBHOOKS = {
  WEBHOOKS_WORKER: 'true',
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOKS_POLL_INTERVAL_MS: '50',
  WEBHOOKS_RETRY_DELAYS: '1,1',
  WEBHOOKS_TIMEOUT_MS: '2000',
};

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, any>;
}

/** How the receiver answers one request: a status, and optionally a body or a delay. */
export type Answer = { status: number; body?: string; delayMs?: number };

/** A real local HTTP receiver of webhook deliveries (node:http on a free loopback port). */
export class Receiver {
  readonly received: Received[] = [];
  /** The answer to the next requests; the last one stays. */
  answers: Answer[] = [{ status: 200 }];
  private server?: Server;
  url = '';

  async start(path = '/hook'): Promise<this> {
    const port = await freePort();
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({ headers: req.headers, body, json: JSON.parse(body) });
        const answer = this.answers.length > 1 ? this.answers.shift()! : this.answers[0];
        setTimeout(() => res.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end(answer.body ?? 'ok'), answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${port}${path}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }

  /** Waits until `count` requests arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} deliveries, received ${this.received.length}`);
      await sleep(20);
    }
    return this.received;
  }
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function expectedSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POST /eca/v1/webhooks as the administrator; returns the created webhook (secret in full). */
export async function createWebhook(t: TestApp, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await t.http.post(`${ECA}/webhooks`).set('Authorization', ADMIN).send(body);
  if (res.status !== 201) throw new Error(`webhook create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every change of the feed after `after`, following next_cursor. */
export async function readFeed(t: TestApp, after = 0, auth?: string, perPage = 100): Promise<Record<string, any>[]> {
  const all: Record<string, any>[] = [];
  for (let cursor = after; ;) {
    const get = t.http.get(`${ECA}/changes`).query({ after: cursor, per_page: perPage });
    const body = (await (auth ? get.set('Authorization', auth) : get).expect(200)).body;
    all.push(...body.changes);
    cursor = body.next_cursor;
    if (!body.more) return all;
  }
}
