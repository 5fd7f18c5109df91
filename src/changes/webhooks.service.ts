import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { RequestContext } from '../rest/request-context';
import { requireCapabilities } from '../auth/permissions';
import { AppConfig } from '../config/app-config';
import { RestError } from '../reasons/rest-error';
import { presentChange } from './change-presenter';
import { urlProblem } from './delivery/target-guard';
import { DeliveryLogArgs, WebhookCreateArgs, WebhookUpdateArgs } from './webhooks.args';
import { DeliveriesRepository, DeliveryLogRow } from './repository/deliveries.repository';
import { WebhookFields, WebhookRow, WebhooksRepository } from './repository/webhooks.repository';

/** Who may manage webhooks: administrators (they see every change, drafts included). */
export const WEBHOOKS_CAPABILITY = 'manage_options';

const iso = (ms: number) => new Date(ms).toISOString();

/** The stored secret, never shown again after creation: its last 4 characters. */
export const maskSecret = (secret: string) => `${'*'.repeat(8)}${secret.slice(-4)}`;

function present(row: WebhookRow, fullSecret = false) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    secret: fullSecret ? row.secret : maskSecret(row.secret),
    active: row.active,
    disabled_reason: row.disabledReason,
    consecutive_failures: row.consecutiveFailures,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function presentDelivery(row: DeliveryLogRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.state,
    change: row.change ? presentChange(row.change, row.change.action) : null,
    next_attempt_at: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
    attempts: row.log.map((a) => ({
      at: iso(a.startedAt),
      duration_ms: a.durationMs,
      status_code: a.statusCode ?? null,
      error: a.error ?? null,
      response: a.response ?? null,
    })),
  };
}

/** `/eca/v1/webhooks`: validation that depends on configuration, the capability check, the writes. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly config: AppConfig,
  ) {}

  async list(ctx: RequestContext) {
    requireCapabilities(ctx.caller, WEBHOOKS_CAPABILITY);
    return (await this.webhooks.list()).map((row) => present(row));
  }

  async read(ctx: RequestContext, id: number) {
    requireCapabilities(ctx.caller, WEBHOOKS_CAPABILITY);
    return present(await this.find(id));
  }

  async create(ctx: RequestContext, args: WebhookCreateArgs) {
    this.checkUrl(args.url);
    requireCapabilities(ctx.caller, WEBHOOKS_CAPABILITY);
    const fields: WebhookFields = {
      url: args.url,
      events: [...new Set(args.events)],
      secret: args.secret ?? randomBytes(24).toString('hex'),
      active: args.active,
    };
    return present(await this.webhooks.create(fields, ctx.caller.id, Date.now()), true);
  }

  async update(ctx: RequestContext, id: number, args: WebhookUpdateArgs) {
    if (args.url !== undefined) this.checkUrl(args.url);
    requireCapabilities(ctx.caller, WEBHOOKS_CAPABILITY);
    const fields: Partial<WebhookFields> = {
      url: args.url,
      events: args.events && [...new Set(args.events)],
      secret: args.secret,
      active: args.active,
    };
    const row = await this.webhooks.update(id, fields, Date.now());
    if (!row) throw notFound();
    return present(row);
  }

  async remove(ctx: RequestContext, id: number) {
    requireCapabilities(ctx.caller, WEBHOOKS_CAPABILITY);
    const previous = await this.find(id);
    if (!(await this.webhooks.delete(id))) throw notFound();
    return { deleted: true, previous: present(previous) };
  }

  async log(ctx: RequestContext, id: number, args: DeliveryLogArgs) {
    requireCapabilities(ctx.caller, WEBHOOKS_CAPABILITY);
    await this.find(id);
    const rows = await this.deliveries.log(id, args.before, args.per_page);
    return { deliveries: rows.map(presentDelivery), next_before: rows.length === args.per_page ? rows[rows.length - 1].changeCursor : null };
  }

  private async find(id: number): Promise<WebhookRow> {
    const row = await this.webhooks.byId(id);
    if (!row) throw notFound();
    return row;
  }

  private checkUrl(url: string): void {
    const problem = urlProblem(url, this.config.webhooks.allowPrivateTargets);
    if (problem) throw RestError.invalidParams({ url: problem });
  }
}

function notFound(): RestError {
  return new RestError('eca_webhook_not_found', 'No webhook has this ID.', 404);
}
