import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { OptionsStore } from '../../wordpress/options.store';

const OPTION = 'tribe_events_calendar_options';

interface Bound {
  value: string;
  markers: number[];
}

/**
 * TEC's "known range" of its calendar views (storage.md §11, OQ-8): `earliest_date` = the earliest
 * `_EventStartDate` of published events, `latest_date` = the latest `_EventEndDate`, each with the IDs
 * of the events holding that value (`*_markers`). Refreshed after every event write, only when the
 * plugin's option array exists (a site TEC never ran on has nothing to keep in step).
 */
@Injectable()
export class KnownRange {
  constructor(private readonly options: OptionsStore) {}

  async refresh(sql: Sql): Promise<void> {
    const stored = await this.options.get<unknown>(OPTION, sql);
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return;
    const earliest = await this.bound(sql, '_EventStartDate', 'MIN');
    const latest = await this.bound(sql, '_EventEndDate', 'MAX');
    if (!earliest || !latest) return;
    const current = stored as Record<string, unknown>;
    // Existing keys keep their place; new ones are appended in the order TEC adds them.
    const next: Record<string, unknown> = {
      ...current,
      latest_date: latest.value,
      earliest_date: earliest.value,
      earliest_date_markers: earliest.markers,
      latest_date_markers: latest.markers,
    };
    if (JSON.stringify(next) !== JSON.stringify(current)) await this.options.set(OPTION, next, sql);
  }

  private async bound(sql: Sql, key: string, fn: 'MIN' | 'MAX'): Promise<Bound | undefined> {
    const from = `FROM ${sql.table('postmeta')} m JOIN ${sql.table('posts')} p ON p.ID = m.post_id
      WHERE p.post_type = 'tribe_events' AND p.post_status = 'publish' AND m.meta_key = ?`;
    const row = await sql.one<{ value: string | null }>(`SELECT ${fn}(m.meta_value) AS value ${from}`, [key]);
    if (!row?.value) return undefined;
    const ids = await sql.rows<{ ID: number }>(`SELECT DISTINCT p.ID ${from} AND m.meta_value = ? ORDER BY p.ID`, [key, row.value]);
    return { value: row.value, markers: ids.map((r) => Number(r.ID)) };
  }
}
