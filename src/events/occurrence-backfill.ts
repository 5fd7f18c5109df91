import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { EventDateMeta, formatUtc, formatWall, isStorableWall, parseStoredWall, WallTime, wallToMs } from '../dates';
import { PostsStore } from '../wordpress/posts.store';
import { TecTables } from './repository/tec-tables';

const DATE_KEYS = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventTimezone', '_EventTimezoneAbbr'];
const BOUND_KEYS = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC'] as const;
const BATCH = 500;
/** IDs named in the start-up warning about unusable date meta (the count is always complete). */
const LISTED_IDS = 20;

/** What an event's meta gives its TEC rows: the dates, or the reason it gets none. */
type EventRows = { dates: EventDateMeta } | { unusable: true };

/**
 * At boot, gives every dated event that has no `tec_occurrences` row its TEC rows, from its meta —
 * the list reads dates from those rows (EVENT_DATES_SOURCE=occurrences). On a TEC 6 site, or a
 * database only this service writes, nothing is missing and nothing is written; this covers data
 * written without the TEC 6 tables (a TEC 5 site, an import). One anti-join over the events, then
 * batches of upserts (TecTables.upsert, the same rows an API write makes).
 * An event whose four dates are not all real dates in years 1000–9999 (older versions stored
 * `0NaN-NaN-NaN NaN:NaN:NaN` for absurd input, issue #13) is skipped: one warning per start names them.
 */
@Injectable()
export class OccurrenceBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('OccurrenceBackfill');

  constructor(
    private readonly db: DatabaseService,
    private readonly tec: TecTables,
    private readonly posts: PostsStore,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.eventDatesSource !== 'occurrences') return;
    if (!(await this.tec.exist())) return;
    const missing = await this.tec.eventsWithoutOccurrence();
    if (!missing.length) return;
    let written = 0;
    const unusable: number[] = [];
    for (let i = 0; i < missing.length; i += BATCH) {
      const ids = missing.slice(i, i + BATCH);
      written += await this.db.transaction(async () => {
        let count = 0;
        const now = formatUtc(Date.now());
        for (const [postId, rows] of await this.eventRows(ids)) {
          if ('unusable' in rows) unusable.push(postId);
          else if (await this.tec.upsert(postId, rows.dates, now)) count++;
        }
        return count;
      });
    }
    if (written) this.logger.log(`${written} dated event(s) without TEC occurrence rows given their rows (from their meta)`);
    if (unusable.length) {
      const listed = unusable.slice(0, LISTED_IDS).join(', ') + (unusable.length > LISTED_IDS ? ', …' : '');
      this.logger.warn(
        `${unusable.length} event(s) without TEC occurrence rows skipped: their date meta is missing or not a date in years 1000–9999 (IDs ${listed}); they stay out of the event list until their dates are written again`,
      );
    }
  }

  /** The date meta of these events (duration computed when absent or not a number), or why they get no rows. */
  private async eventRows(ids: number[]): Promise<Map<number, EventRows>> {
    const byPost = new Map<number, Record<string, string>>();
    for (const [postId, meta] of await this.posts.meta(ids, DATE_KEYS)) {
      if (meta.size) byPost.set(postId, Object.fromEntries([...meta].map(([key, values]) => [key, values[0]])));
    }
    const result = new Map<number, EventRows>();
    for (const [postId, meta] of byPost) {
      const walls = BOUND_KEYS.map((key) => parseStoredWall(meta[key]));
      if (!walls.every((wall): wall is WallTime => wall !== null && isStorableWall(wall))) {
        result.set(postId, { unusable: true });
        continue;
      }
      const [start, end, startUtc, endUtc] = walls.map(formatWall);
      const seconds = (wallToMs(walls[3]) - wallToMs(walls[2])) / 1000;
      const duration = /^\s*\d+\s*$/.test(meta._EventDuration ?? '') ? meta._EventDuration : String(seconds);
      result.set(postId, {
        dates: {
          _EventStartDate: start,
          _EventEndDate: end,
          _EventStartDateUTC: startUtc,
          _EventEndDateUTC: endUtc,
          _EventDuration: duration,
          _EventTimezone: meta._EventTimezone ?? 'UTC',
          _EventTimezoneAbbr: meta._EventTimezoneAbbr ?? 'UTC',
        },
      });
    }
    return result;
  }
}
