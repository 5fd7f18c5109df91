import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { DatabaseService } from '../../database/database.service';
import { placeholders, Sql } from '../../database/sql';

/** The occurrences of a series that are not in the trash: how many, the first and the last start. */
export interface SeriesStats {
  occurrences: number;
  first: string;
  last: string;
}

/** One occurrence of a series as a rule change matches it: its post, status and start. */
export interface OccurrencePost {
  id: number;
  status: string;
  start: string;
}

/**
 * The SQL of series (docs/recurring-events.md): each occurrence is a `tribe_events` post whose
 * `post_parent` is the series' first event.
 */
@Injectable()
export class SeriesRepository {
  constructor(
    private readonly db: DatabaseService,
    private readonly config: AppConfig,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /**
   * Per first event, its series' occurrences (itself included) outside the trash: one query for any
   * number of series. A published series counts its published occurrences only (issue #30: one
   * changed alone to private or draft is not part of what the series shows). The unary `+` (a no-op
   * on both engines) keeps SQLite's planner off the `meta_key` and `post_type` indexes, which read
   * every event of the site (90 ms a page at 100,000 occurrences); the IDs and `post_parent` lead
   * instead (1.7 ms). The starts come from TEC's occurrences table where lists read dates
   * (EVENT_DATES_SOURCE): one index entry per occurrence (its `post_id, end_date, start_date` index)
   * instead of every meta row of each occurrence (6 ms of MariaDB for a page of 10 series of 100).
   */
  async stats(parentIds: readonly number[]): Promise<Map<number, SeriesStats>> {
    if (!parentIds.length) return new Map();
    const sql = this.sql;
    const published = (value: string) => `CASE WHEN p.post_status = 'publish' THEN ${value} END`;
    const [start, dates] =
      this.config.eventDatesSource === 'occurrences'
        ? ['o.start_date', `JOIN ${sql.table('tec_occurrences')} o ON o.post_id = p.ID`]
        : ['m.meta_value', `JOIN ${sql.table('postmeta')} m ON m.post_id = p.ID AND +m.meta_key = '_EventStartDate'`];
    const rows = await sql.rows<{ series: number; n: number; first: string; last: string; status: string; pn: number; pfirst: string; plast: string }>(
      `SELECT CASE WHEN p.post_parent = 0 THEN p.ID ELSE p.post_parent END AS series, COUNT(*) AS n, MIN(${start}) AS first, MAX(${start}) AS last,
              MAX(CASE WHEN p.post_parent = 0 THEN p.post_status END) AS status,
              COUNT(${published('1')}) AS pn, MIN(${published(start)}) AS pfirst, MAX(${published(start)}) AS plast
         FROM ${sql.table('posts')} p
         ${dates}
        WHERE (p.ID IN (${placeholders(parentIds)}) OR p.post_parent IN (${placeholders(parentIds)}))
          AND +p.post_type = 'tribe_events' AND p.post_status <> 'trash'
        GROUP BY CASE WHEN p.post_parent = 0 THEN p.ID ELSE p.post_parent END`,
      [...parentIds, ...parentIds],
    );
    return new Map(
      rows.map((r) => [
        Number(r.series),
        r.status === 'publish' ? { occurrences: Number(r.pn), first: r.pfirst, last: r.plast } : { occurrences: Number(r.n), first: r.first, last: r.last },
      ]),
    );
  }

  /** The later occurrences of a series (children of its first event), any status, by start. */
  async children(parentId: number): Promise<OccurrencePost[]> {
    const sql = this.sql;
    const rows = await sql.rows<{ ID: number; post_status: string; start: string | null }>(
      `SELECT p.ID, p.post_status, m.meta_value AS start
         FROM ${sql.table('posts')} p
         LEFT JOIN ${sql.table('postmeta')} m ON m.post_id = p.ID AND m.meta_key = '_EventStartDate'
        WHERE p.post_parent = ? AND p.post_type = 'tribe_events'
        ORDER BY m.meta_value, p.ID`,
      [parentId],
    );
    return rows.map((r) => ({ id: Number(r.ID), status: r.post_status, start: r.start ?? '' }));
  }

  /**
   * First events (not trashed) whose `metaKey` horizon is before `before`, earliest first: a range
   * read of postmeta's `meta_key` index (only endless series carry the key), never a scan of the events.
   */
  async dueHorizons(metaKey: string, before: string, limit: number): Promise<number[]> {
    const sql = this.sql;
    const rows = await sql.rows<{ post_id: number }>(
      `SELECT m.post_id
         FROM ${sql.table('postmeta')} m
         JOIN ${sql.table('posts')} p ON p.ID = m.post_id
        WHERE m.meta_key = ? AND m.meta_value < ? AND p.post_type = 'tribe_events' AND p.post_status <> 'trash'
        ORDER BY m.meta_value, m.post_id
        LIMIT ${Number(limit)}`,
      [metaKey, before],
    );
    return rows.map((r) => Number(r.post_id));
  }

  /**
   * The changed occurrences (exceptions, flagged with `flagKey`) of these series outside the trash:
   * per first event, each one's ID and flag (the start it had before it was changed, or `1`).
   */
  async exceptions(parentIds: readonly number[], flagKey: string): Promise<Map<number, { id: number; flag: string }[]>> {
    const found = new Map<number, { id: number; flag: string }[]>();
    if (!parentIds.length) return found;
    const sql = this.sql;
    const rows = await sql.rows<{ ID: number; post_parent: number; flag: string }>(
      `SELECT p.ID, p.post_parent, m.meta_value AS flag
         FROM ${sql.table('posts')} p
         JOIN ${sql.table('postmeta')} m ON m.post_id = p.ID AND m.meta_key = ?
        WHERE p.post_parent IN (${placeholders(parentIds)}) AND p.post_type = 'tribe_events' AND p.post_status <> 'trash'
        ORDER BY p.ID`,
      [flagKey, ...parentIds],
    );
    for (const row of rows) {
      const list = found.get(Number(row.post_parent)) ?? [];
      list.push({ id: Number(row.ID), flag: String(row.flag ?? '') });
      found.set(Number(row.post_parent), list);
    }
    return found;
  }

  /** Moves occurrences under another first event (a series split at an occurrence). */
  async reparent(ids: readonly number[], parentId: number): Promise<void> {
    if (!ids.length) return;
    const sql = this.sql;
    await sql.run(`UPDATE ${sql.table('posts')} SET post_parent = ? WHERE ID IN (${placeholders(ids)})`, [parentId, ...ids]);
  }
}
