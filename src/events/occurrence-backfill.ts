import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { placeholders, Sql } from '../database/sql';
import { EventDateMeta, formatUtc } from './dates';
import { TecTables } from './tec-tables';

const DATE_KEYS = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration', '_EventTimezone', '_EventTimezoneAbbr'];
const BATCH = 500;

/**
 * At boot, gives every dated event that has no `tec_occurrences` row its TEC rows, from its meta —
 * the list reads dates from those rows (EVENT_DATES_SOURCE=occurrences). On a TEC 6 site, or a
 * database only this service writes, nothing is missing and nothing is written; this covers data
 * written without the TEC 6 tables (a TEC 5 site, an import). One anti-join over the events, then
 * batches of upserts (TecTables.upsert, the same rows an API write makes).
 */
@Injectable()
export class OccurrenceBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('OccurrenceBackfill');

  constructor(
    private readonly db: DatabaseService,
    private readonly tec: TecTables,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.eventDatesSource !== 'occurrences') return;
    const sql = this.db.sql;
    if (!(await this.tec.exist(sql))) return;
    const missing = await this.missing(sql);
    if (!missing.length) return;
    let written = 0;
    for (let i = 0; i < missing.length; i += BATCH) {
      const ids = missing.slice(i, i + BATCH);
      written += await this.db.transaction(async (tx) => {
        let count = 0;
        const now = formatUtc(Date.now());
        for (const [postId, dates] of await this.dateMeta(tx, ids)) {
          await this.tec.upsert(tx, postId, dates, now);
          count++;
        }
        return count;
      });
    }
    this.logger.log(`${written} dated event(s) without TEC occurrence rows given their rows (from their meta)`);
  }

  private async missing(sql: Sql): Promise<number[]> {
    const rows = await sql.rows<{ ID: number }>(
      `SELECT p.ID FROM ${sql.table('posts')} p
        WHERE p.post_type = 'tribe_events'
          AND EXISTS (SELECT 1 FROM ${sql.table('postmeta')} m WHERE m.post_id = p.ID AND m.meta_key = '_EventStartDateUTC')
          AND NOT EXISTS (SELECT 1 FROM ${sql.table('tec_occurrences')} o WHERE o.post_id = p.ID)`,
    );
    return rows.map((r) => Number(r.ID));
  }

  /** The date meta of these events, for those that have the four dates (duration computed when absent). */
  private async dateMeta(sql: Sql, ids: number[]): Promise<Map<number, EventDateMeta>> {
    const rows = await sql.rows<{ post_id: number; meta_key: string; meta_value: string }>(
      `SELECT post_id, meta_key, meta_value FROM ${sql.table('postmeta')} WHERE post_id IN (${placeholders(ids)}) AND meta_key IN (${placeholders(DATE_KEYS)})`,
      [...ids, ...DATE_KEYS],
    );
    const byPost = new Map<number, Record<string, string>>();
    for (const row of rows) {
      const meta = byPost.get(Number(row.post_id)) ?? {};
      meta[row.meta_key] ??= row.meta_value;
      byPost.set(Number(row.post_id), meta);
    }
    const result = new Map<number, EventDateMeta>();
    for (const [postId, meta] of byPost) {
      if (!meta._EventStartDate || !meta._EventEndDate || !meta._EventStartDateUTC || !meta._EventEndDateUTC) continue;
      const seconds = (Date.parse(`${meta._EventEndDateUTC.replace(' ', 'T')}Z`) - Date.parse(`${meta._EventStartDateUTC.replace(' ', 'T')}Z`)) / 1000;
      result.set(postId, {
        _EventStartDate: meta._EventStartDate,
        _EventEndDate: meta._EventEndDate,
        _EventStartDateUTC: meta._EventStartDateUTC,
        _EventEndDateUTC: meta._EventEndDateUTC,
        _EventDuration: meta._EventDuration ?? String(seconds),
        _EventTimezone: meta._EventTimezone ?? 'UTC',
        _EventTimezoneAbbr: meta._EventTimezoneAbbr ?? 'UTC',
      });
    }
    return result;
  }
}
