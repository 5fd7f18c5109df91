import { Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { PeriodicJob } from '../../jobs/periodic-job';
import { ImportFeedsRepository } from '../repository/import-feeds.repository';
import { FeedRunner } from './feed-runner';
import { LEASE_MS } from './feed-schedule';

/** What one pass did. */
export interface FeedsPass {
  /** Feeds run, and how many of them could not be read. */
  runs: number;
  failed: number;
  /** The reports the runs left. */
  imports: number[];
}

/**
 * The background job that re-imports subscribed feeds (docs/import.md "Subscriptions") — never on a
 * request's road. Every IMPORT_FEEDS_POLL_INTERVAL_MS it takes the due feeds one at a time: each is
 * claimed with one conditional UPDATE (ImportFeedsRepository.claim), so of several instances exactly one
 * runs it, and a crashed run's lease expires after LEASE_MS. It runs in the HTTP service only (not in
 * `npm run cli`), unless IMPORT_FEEDS_WORKER=false, and shutdown waits for the pass in progress, which
 * stops after the feed it is running.
 */
@Injectable()
export class ImportFeedsWorker extends PeriodicJob {
  constructor(
    private readonly config: AppConfig,
    adapterHost: HttpAdapterHost,
    private readonly feeds: ImportFeedsRepository,
    private readonly runner: FeedRunner,
  ) {
    super(adapterHost, new Logger('ImportFeeds'));
  }

  protected get enabled(): boolean {
    return this.config.importFeeds.worker;
  }

  protected get intervalMs(): number {
    return this.config.importFeeds.pollIntervalMs;
  }

  /** One pass at `nowMs` (the tests pass a later "now"): every feed due then, run once. */
  async pass(nowMs = Date.now()): Promise<FeedsPass> {
    const result: FeedsPass = { runs: 0, failed: 0, imports: [] };
    while (!this.stopping) {
      const id = await this.feeds.nextDue(nowMs);
      if (id === undefined) break;
      // Another instance may have taken it since: the next due one is looked for (a claimed feed is not due).
      if (!(await this.feeds.claim(id, nowMs, nowMs + LEASE_MS, true))) continue;
      const feed = (await this.feeds.byId(id))!;
      const reportId = await this.runner.run(feed, nowMs);
      const after = await this.feeds.byId(id);
      result.runs++;
      if (after && after.failures > 0) result.failed++;
      result.imports.push(reportId);
    }
    return result;
  }
}
