import { Injectable, Logger } from '@nestjs/common';
import { AuthService } from '../../auth/auth.service';
import { AppConfig } from '../../config/app-config';
import { formatUtc } from '../../dates';
import { EventsWriteService } from '../../events';
import { RestError } from '../../reasons/rest-error';
import { Caller } from '../../wordpress/caller';
import { UsersStore } from '../../wordpress/users.store';
import { countItems, ReportItem } from '../import-report';
import { ImportCreateArgs } from '../imports.args';
import { IMPORT_CAPABILITY } from '../imports.resource';
import { ImportsService } from '../imports.service';
import { ImportsRepository } from '../repository/imports.repository';
import { FeedEventsRepository } from '../repository/feed-events.repository';
import { FeedRow, ImportFeedsRepository } from '../repository/import-feeds.repository';
import { restReason } from '../rest-reason';
import { failureOf } from './feed-schedule';

/** Why a run or a trashing was refused (`url: The URL answered HTTP 500.`); an unexpected error by its message. */
const reasonOf = (error: unknown) => (error instanceof RestError ? restReason(error) : `Unexpected error: ${(error as Error).message}`);

/**
 * One run of a claimed feed (the worker's or `POST /import-feeds/{id}/run`): the URL imported as
 * `POST /imports` imports it (ImportsService.create: origin `ical`, source the URL), as the user who
 * subscribed; then the feed's events that are not in it any more and have not started are trashed
 * through the events' own write path, and the report (with those `trashed` items) is linked to the
 * feed. A run that cannot read the feed leaves a `failed` report and backs the feed off.
 */
@Injectable()
export class FeedRunner {
  private readonly logger = new Logger('ImportFeeds');

  constructor(
    private readonly imports: ImportsService,
    private readonly reports: ImportsRepository,
    private readonly feeds: ImportFeedsRepository,
    private readonly feedEvents: FeedEventsRepository,
    private readonly events: EventsWriteService,
    private readonly auth: AuthService,
    private readonly users: UsersStore,
    private readonly config: AppConfig,
  ) {}

  /** Runs the feed (claimed by the caller of this method) at `now`; returns the report ID. */
  async run(feed: FeedRow, now: number): Promise<number> {
    const origin = this.config.siteUrl ?? `http://localhost:${this.config.port}`;
    const startedAt = Date.now();
    try {
      const caller = await this.owner(feed);
      const args = Object.assign(new ImportCreateArgs(), { url: feed.url, status: feed.status, format: 'ical' as const });
      const report = await this.imports.create({ caller, origin, credentials: {} }, args);
      const seen = new Set(report.items!.map((item) => item.uid).filter((uid) => uid !== null));
      const trashed = await this.trashGone(feed.url, seen, caller, origin, now);
      const items = [...report.items!, ...trashed];
      await this.feeds.linkReport(report.id, feed.id, items, countItems(items));
      await this.feeds.succeeded(feed.id, report.id, now);
      return report.id;
    } catch (error) {
      const reason = reasonOf(error);
      if (!(error instanceof RestError)) this.logger.warn(`feed ${feed.id}: ${reason}`);
      const empty = countItems([]);
      const id = await this.reports.insert({
        createdBy: feed.createdBy,
        source: { kind: 'url', name: feed.url },
        format: 'ical',
        status: 'failed',
        counts: empty,
        error: reason,
        items: [],
        startedAt,
        finishedAt: Date.now(),
      });
      await this.feeds.linkReport(id, feed.id, [], empty);
      await this.feeds.failed(feed.id, id, failureOf(feed, reason, now), now);
      return id;
    }
  }

  /** The user who subscribed, while it may still import. */
  private async owner(feed: FeedRow): Promise<Caller> {
    const user = await this.users.findById(feed.createdBy);
    const caller = user && (await this.auth.callerFor(user));
    if (!caller?.capabilities.has(IMPORT_CAPABILITY)) {
      throw new RestError('eca_import_feed_owner', `The user who subscribed (ID ${feed.createdBy}) no longer exists or may no longer import.`, 403);
    }
    return caller;
  }

  /** Trashes the feed's events (a series: whole) whose UID the feed no longer has and that start after `now`; past ones stay. */
  private async trashGone(url: string, seen: ReadonlySet<string>, caller: Caller, origin: string, now: number): Promise<ReportItem[]> {
    const items: ReportItem[] = [];
    for (const event of await this.feedEvents.upcoming(url, formatUtc(now))) {
      if (seen.has(event.uid)) continue;
      const item: ReportItem = { action: 'trashed', line: 0, uid: event.uid, event_id: event.id, title: event.title, reason: 'No longer in the feed.' };
      await this.events.remove({ caller, origin, credentials: {} }, { id: event.id }, { force: false, scope: 'all' }).catch((error: unknown) => {
        Object.assign(item, { action: 'failed', reason: `Not trashed: ${reasonOf(error)}` });
      });
      items.push(item);
    }
    return items;
  }
}
