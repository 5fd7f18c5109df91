import { Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { PeriodicJob } from '../../jobs/periodic-job';
import { DatabaseService } from '../../database/database.service';
import { formatUtc } from '../../dates';
import { HORIZON_MONTHS } from '../../recurrence';
import { Permalinks } from '../../wordpress/permalinks';
import { SiteClock, SiteClockService } from '../../wordpress/site-clock';
import { SeriesRepository } from '../repository/series.repository';
import { HORIZON_META_KEY } from './occurrence-rows';
import { SeriesWriter } from './series.writer';

/** How often an instance looks for series to extend. */
const PASS_INTERVAL_MS = 3600_000;
/**
 * A series is extended once its horizon is less than this many months ahead: a month's worth of
 * occurrences at a time, not a few each pass (each extension retires every event list and the series' answers).
 */
const EXTEND_WITHIN_MONTHS = HORIZON_MONTHS - 1;
/** Series read per query of a pass. */
const BATCH = 50;

/** What one pass did. */
export interface HorizonPass {
  /** Series that got new occurrences, and how many they got in all. */
  extended: number;
  occurrences: number;
  /** Series that reached MAX_OCCURRENCES (or lost their endless rule) and are no longer extended. */
  capped: number;
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) `months` after `ms`. */
function monthsAfter(ms: number, months: number): string {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return formatUtc(date.getTime());
}

/**
 * The background job that keeps endless series materialised HORIZON_MONTHS ahead (docs/recurring-events.md
 * "Horizon job") — never on a request's road. Every hour it reads the first events whose stored horizon
 * (HORIZON_META_KEY) is less than EXTEND_WITHIN_MONTHS ahead and extends each in a transaction of its own
 * (SeriesWriter.extend: batched inserts, one data-version bump). Several instances may run it at once:
 * the first event is locked and its horizon read again, so a series is never extended twice. It runs in
 * the HTTP service only (not in `npm run cli`), unless SERIES_HORIZON_WORKER=false, and shutdown waits
 * for the pass in progress, which stops after the series it is writing.
 */
@Injectable()
export class SeriesHorizonJob extends PeriodicJob {
  constructor(
    private readonly config: AppConfig,
    adapterHost: HttpAdapterHost,
    private readonly db: DatabaseService,
    private readonly clocks: SiteClockService,
    private readonly permalinks: Permalinks,
    private readonly repository: SeriesRepository,
    private readonly writer: SeriesWriter,
  ) {
    super(adapterHost, new Logger('SeriesHorizon'));
  }

  protected get enabled(): boolean {
    return this.config.seriesHorizonWorker;
  }

  protected get intervalMs(): number {
    return PASS_INTERVAL_MS;
  }

  /** One pass at `nowMs` (the tests pass a later "now"): every due series extended once. */
  async pass(nowMs = Date.now()): Promise<HorizonPass> {
    const siteClock = await this.clocks.clock();
    const now = new SiteClock(siteClock.timezone, () => nowMs).now();
    const links = await this.permalinks.forOrigin(`http://localhost:${this.config.port}`);
    const dueBefore = monthsAfter(nowMs, EXTEND_WITHIN_MONTHS);
    const result: HorizonPass = { extended: 0, occurrences: 0, capped: 0 };
    // A series that failed keeps its horizon: `seen` keeps a pass from taking it again.
    const seen = new Set<number>();
    while (!this.stopping) {
      const due = (await this.repository.dueHorizons(HORIZON_META_KEY, dueBefore, BATCH + seen.size)).filter((id) => !seen.has(id));
      if (!due.length) break;
      for (const id of due) {
        if (this.stopping) break;
        seen.add(id);
        const outcome = await this.db
          .transaction(() => this.writer.extend(id, dueBefore, links, now))
          .catch((error: Error) => this.logger.warn(`series ${id} not extended: ${error.message}`));
        if (outcome === 'capped') {
          result.capped++;
          this.logger.warn(`series ${id} has reached its occurrence limit (or its rule no longer passes the checks) and is no longer extended`);
        } else if (outcome) {
          result.extended++;
          result.occurrences += outcome;
        }
      }
    }
    return result;
  }
}
