import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { presentChange } from '../change-presenter';
import { AttemptOutcome, ClaimedDelivery, ClaimRoom, DeliveriesRepository } from '../repository/deliveries.repository';
import { RecordPayloads } from './record-payload';
import { WebhookSender } from './webhook-sender';

/**
 * Sends one instance has in flight at once: to one webhook, and in all. A receiver that hangs holds at
 * most PER_WEBHOOK of them for WEBHOOKS_TIMEOUT_MS; the others keep flowing.
 */
const PER_WEBHOOK = 2;
const MAX_IN_FLIGHT = 10;

/** `X-ECA-Signature`: `sha256=` and the hex HMAC-SHA256 of the exact body bytes with the webhook's secret. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The background delivery worker of an instance — never on a request's road. It keeps a pool of sends
 * with no batch barrier: every WEBHOOKS_POLL_INTERVAL_MS, and whenever a send ends, it turns new changes
 * into deliveries and claims due ones while it has room (at most PER_WEBHOOK in flight per webhook,
 * MAX_IN_FLIGHT in all), starting each send at once, so a slow receiver delays no other. It runs in the
 * HTTP service only (not in `npm run cli`), unless WEBHOOKS_WORKER=false, and stops with the
 * application: nothing new is claimed and the sends in flight are waited for before the database closes.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;
  /** The claim loop while it runs; `again` when it was asked for meanwhile (a send ended, a poll came). */
  private filling?: Promise<void>;
  private again = false;
  private readonly sends = new Set<Promise<void>>();
  /** Sends in flight by webhook ID. */
  private readonly inFlight = new Map<number, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly deliveries: DeliveriesRepository,
    private readonly payloads: RecordPayloads,
    private readonly sender: WebhookSender,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.webhooks.worker || !this.adapterHost.httpAdapter) return;
    this.timer = setInterval(() => this.fill(), this.config.webhooks.pollIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.filling;
    await Promise.all(this.sends);
  }

  /** Runs the claim loop, or once more after the running one. */
  private fill(): void {
    if (!this.timer) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.again = false;
    this.filling = this.claimAndSend()
      .catch((error: Error) => this.logger.warn(`delivery pass failed: ${error.message}`))
      .finally(() => {
        this.filling = undefined;
        if (this.again) this.fill();
      });
  }

  /** Fans out new changes, then claims due deliveries while there is room, starting each send at once. */
  private async claimAndSend(): Promise<void> {
    if (await this.deliveries.fanOutPending()) await this.deliveries.fanOut(Date.now());
    // The lease outlasts one attempt (timeout) by a margin: as each claim's send starts at once, a claim is
    // never taken over while it runs.
    const leaseMs = this.config.webhooks.timeoutMs + 30_000;
    while (this.timer && this.sends.size < MAX_IN_FLIGHT) {
      const room: ClaimRoom = { free: MAX_IN_FLIGHT - this.sends.size, perWebhook: PER_WEBHOOK, inFlight: new Map(this.inFlight) };
      if (!(await this.deliveries.duePending(Date.now(), room))) return;
      const claimed = await this.deliveries.claim(Date.now(), leaseMs, room);
      if (!claimed.length) return;
      for (const delivery of claimed) this.start(delivery);
    }
  }

  /** Sends one claimed delivery in the pool; when it is recorded, its room is claimed again. */
  private start(delivery: ClaimedDelivery): void {
    const webhookId = delivery.webhookId;
    this.inFlight.set(webhookId, (this.inFlight.get(webhookId) ?? 0) + 1);
    const send: Promise<void> = this.deliver(delivery)
      .catch((error: Error) => this.logger.warn(`delivery ${delivery.id} not recorded: ${error.message}`))
      .finally(() => {
        this.sends.delete(send);
        const left = (this.inFlight.get(webhookId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(webhookId, left);
        else this.inFlight.delete(webhookId);
        this.fill();
      });
    this.sends.add(send);
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
