import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { presentChange } from '../change-presenter';
import { AttemptOutcome, ClaimedDelivery, DeliveriesRepository } from '../repository/deliveries.repository';
import { RecordPayloads } from './record-payload';
import { WebhookSender } from './webhook-sender';

/** Deliveries one worker sends at once. */
const BATCH = 10;

/** `X-ECA-Signature`: `sha256=` and the hex HMAC-SHA256 of the exact body bytes with the webhook's secret. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The background delivery worker of an instance: every WEBHOOKS_POLL_INTERVAL_MS it turns new changes
 * into deliveries, claims the due ones and sends them — never on a request's road. It runs in the HTTP
 * service only (not in `npm run cli`), unless WEBHOOKS_WORKER=false, and stops with the application:
 * no new pass starts and the running one is waited for before the database closes.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly deliveries: DeliveriesRepository,
    private readonly payloads: RecordPayloads,
    private readonly sender: WebhookSender,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.webhooks.worker || !this.adapterHost.httpAdapter) return;
    this.timer = setInterval(() => this.tick(), this.config.webhooks.pollIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Starts a pass unless one is still running. */
  private tick(): void {
    if (this.running || !this.timer) return;
    this.running = this.pass()
      .catch((error: Error) => this.logger.warn(`delivery pass failed: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  /** One pass: fan out, then claim and send until nothing is due (or the worker stops). */
  async pass(): Promise<void> {
    if (await this.deliveries.fanOutPending()) await this.deliveries.fanOut(Date.now());
    // The lease outlasts one attempt (timeout) by a margin: a claim is never taken over while it runs.
    const leaseMs = this.config.webhooks.timeoutMs + 30_000;
    while (this.timer && (await this.deliveries.duePending(Date.now()))) {
      const claimed = await this.deliveries.claim(Date.now(), leaseMs, BATCH);
      if (!claimed.length) return;
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.attempt(delivery).catch((error: Error): AttemptOutcome => ({
      ok: false,
      startedAt: Date.now(),
      durationMs: 0,
      error: `Not sent: ${error.message}`,
    }));
    const { retryDelaysMs, disableAfterFailures, disableAfterMs } = this.config.webhooks;
    await this.deliveries.recordAttempt(delivery, outcome, { retryDelaysMs, disableAfterFailures, disableAfterMs }, Date.now());
  }

  private async attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    const change = delivery.change;
    if (!change) return { ok: false, startedAt: Date.now(), durationMs: 0, error: 'The change is no longer in the log.' };
    const sentAt = new Date();
    const body = JSON.stringify({
      id: String(delivery.id),
      kind: delivery.kind,
      attempt: delivery.attempt,
      sent_at: sentAt.toISOString(),
      change: presentChange(change, change.action),
      record: await this.payloads.anonymousView(change.type, change.id),
    });
    return this.sender.send(delivery.url, body, {
      'Content-Type': 'application/json',
      'User-Agent': 'events-calendar-api-webhooks/1',
      'X-ECA-Webhook': String(delivery.webhookId),
      'X-ECA-Delivery': String(delivery.id),
      'X-ECA-Event': delivery.kind,
      'X-ECA-Timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'X-ECA-Signature': signature(delivery.secret, body),
    });
  }
}
