import type { RequestContext } from '../../rest/request-context';
import { Injectable } from '@nestjs/common';
import { requireCapabilities } from '../../auth/permissions';
import { AppConfig } from '../../config/app-config';
import { RestError } from '../../reasons/rest-error';
import { IMPORT_CAPABILITY } from '../imports.resource';
import { ImportsService } from '../imports.service';
import { FeedFields, FeedRow, ImportFeedsRepository } from '../repository/import-feeds.repository';
import { checkUrlParam } from '../source/url-source';
import { FeedRunner } from './feed-runner';
import { LEASE_MS } from './feed-schedule';
import { ImportFeedCreateArgs, ImportFeedListArgs, ImportFeedUpdateArgs } from './import-feeds.args';

/** How many of its latest reports a feed's answer names. */
const RECENT_IMPORTS = 10;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `/eca/v1/import-feeds`: the URL checked (the imports' rules, before the capability as WordPress
 * reports a bad parameter first), the capability check, then the rows; a run on demand claims the feed
 * as the worker does, so it never runs twice at once.
 */
@Injectable()
export class ImportFeedsService {
  constructor(
    private readonly feeds: ImportFeedsRepository,
    private readonly runner: FeedRunner,
    private readonly imports: ImportsService,
    private readonly config: AppConfig,
  ) {}

  async list(ctx: RequestContext, args: ImportFeedListArgs) {
    requireCapabilities(ctx.caller, IMPORT_CAPABILITY);
    const rows = await this.feeds.list(args.before, args.per_page);
    const recent = await this.feeds.recentImports(
      rows.map((row) => row.id),
      RECENT_IMPORTS,
    );
    return { feeds: rows.map((row) => this.present(row, recent.get(row.id)!)), next_before: rows.length === args.per_page ? rows[rows.length - 1].id : null };
  }

  async get(ctx: RequestContext, id: number) {
    requireCapabilities(ctx.caller, IMPORT_CAPABILITY);
    return this.presentOne(await this.find(id));
  }

  async create(ctx: RequestContext, args: ImportFeedCreateArgs) {
    const { caller } = ctx;
    this.checkUrl(args.url);
    requireCapabilities(caller, IMPORT_CAPABILITY);
    const fields: FeedFields = { url: args.url, status: args.status, intervalMinutes: args.interval_minutes, enabled: args.enabled };
    return this.presentOne(await this.feeds.create(fields, caller.id, Date.now()));
  }

  async update(ctx: RequestContext, id: number, args: ImportFeedUpdateArgs) {
    if (args.url !== undefined) this.checkUrl(args.url);
    requireCapabilities(ctx.caller, IMPORT_CAPABILITY);
    const fields: Partial<FeedFields> = { url: args.url, status: args.status, intervalMinutes: args.interval_minutes, enabled: args.enabled };
    const row = await this.feeds.update(id, fields, Date.now());
    if (!row) throw notFound();
    return this.presentOne(row);
  }

  async delete(ctx: RequestContext, id: number) {
    requireCapabilities(ctx.caller, IMPORT_CAPABILITY);
    const previous = await this.presentOne(await this.find(id));
    if (!(await this.feeds.delete(id))) throw notFound();
    return { deleted: true, previous };
  }

  /** Runs the feed now (enabled or not) and answers the run's report; 409 while another run holds it. */
  async run(ctx: RequestContext, id: number) {
    requireCapabilities(ctx.caller, IMPORT_CAPABILITY);
    await this.find(id);
    const now = Date.now();
    if (!(await this.feeds.claim(id, now, now + LEASE_MS, false))) {
      throw new RestError('eca_import_feed_running', 'A run of this feed is in progress: its report will be in /eca/v1/imports.', 409);
    }
    const reportId = await this.runner.run((await this.feeds.byId(id))!, now);
    return this.imports.get(ctx, reportId);
  }

  private async find(id: number): Promise<FeedRow> {
    const row = await this.feeds.byId(id);
    if (!row) throw notFound();
    return row;
  }

  private checkUrl(url: string): void {
    checkUrlParam(url, this.config.webhooks.allowPrivateTargets);
  }

  private async presentOne(row: FeedRow) {
    return this.present(row, (await this.feeds.recentImports([row.id], RECENT_IMPORTS)).get(row.id)!);
  }

  /** A feed as the API shows it; `recent` its latest report IDs (a list page reads them for all its feeds at once). */
  private present(row: FeedRow, recent: number[]) {
    return {
      id: row.id,
      url: row.url,
      status: row.status,
      interval_minutes: row.intervalMinutes,
      enabled: row.enabled,
      disabled_reason: row.disabledReason,
      next_run_at: iso(row.nextRunAt),
      running: row.leaseUntil > Date.now(),
      failures: row.failures,
      last_error: row.lastError,
      last_run_at: row.lastRunAt === null ? null : iso(row.lastRunAt),
      last_import_id: row.lastImportId,
      recent_imports: recent,
      author: row.createdBy,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  }
}

function notFound(): RestError {
  return new RestError('eca_import_feed_not_found', 'No import feed has this ID.', 404);
}
