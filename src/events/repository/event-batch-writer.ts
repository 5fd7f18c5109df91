import { randomUUID } from 'node:crypto';
import { DatabaseService } from '../../database/database.service';
import { placeholders, Sql, SqlParam } from '../../database/sql';
import { EventDateMeta, occurrenceHash } from '../../dates';
import { tecRowDuration } from './tec-tables';
import { PostLinks } from '../../wordpress/permalinks';
import { PostsStore } from '../../wordpress/posts.store';
import { bulkInsert, bulkUpdate } from './bulk-insert';
import { eventGuid, EventRows } from '../write/event-rows';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';

/**
 * Writes a batch of prepared events with multi-row statements, inside the caller's transaction: posts
 * (slugs made unique as WordPress does), guid, meta in API order, term relationships, TEC tables.
 * Term counts and TEC's known range are refreshed once by the caller after all batches.
 */
export class EventBatchWriter {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly links: PostLinks,
    private readonly tecTables: boolean,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /** Returns the new post IDs in batch order. */
  async write(batch: EventRows[], nowGmt: string): Promise<number[]> {
    if (!batch.length) return [];
    await this.uniqueSlugs(batch);
    // Each new row is found back by a placeholder guid unique to this batch (then replaced by its real
    // one), never by its slug: a writer outside the batch may insert a post with the same slug meanwhile.
    const before = await this.sql.one<{ n: number | null }>(`SELECT MAX(ID) AS n FROM ${this.sql.table('posts')}`);
    const marker = `eca-batch:${randomUUID()}:`;
    const columns = [...Object.keys(batch[0].post), 'guid'];
    await bulkInsert(
      this.sql,
      'posts',
      columns,
      batch.map((e, i) => [...Object.values(e.post), `${marker}${i}`]),
    );
    const found = await this.sql.rows<{ ID: number; guid: string }>(`SELECT ID, guid FROM ${this.sql.table('posts')} WHERE ID > ? AND guid LIKE ?`, [
      Number(before?.n ?? 0),
      `${marker}%`,
    ]);
    const idByIndex = new Map(found.map((row) => [Number(row.guid.slice(marker.length)), Number(row.ID)]));
    const ids = batch.map((_, i) => idByIndex.get(i) ?? 0);
    if (found.length !== batch.length || ids.includes(0)) throw new Error('Batch-written events could not be found back');

    await bulkUpdate(this.sql, 'posts', 'ID', 'guid', new Map(ids.map((id, i) => [id, eventGuid(this.links, id, batch[i].post)])));
    await this.writeRows(batch, ids, nowGmt);
    return ids;
  }

  /**
   * Rewrites existing events from prepared rows (a series' occurrences after a change of the whole
   * series): the shared `columns` in one statement, then their meta, term relationships and TEC rows
   * replaced. Their IDs, slugs and guids stay. Returns the term_taxonomy_ids they had (to recount).
   */
  async rewrite(ids: number[], columns: Record<string, SqlParam>, batch: EventRows[], nowGmt: string): Promise<number[]> {
    if (!ids.length) return [];
    const names = Object.keys(columns);
    const list = placeholders(ids);
    await this.sql.run(`UPDATE ${this.sql.table('posts')} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE ID IN (${list})`, [
      ...Object.values(columns),
      ...ids,
    ]);
    const before = await this.sql.rows<{ term_taxonomy_id: number }>(
      `SELECT DISTINCT term_taxonomy_id FROM ${this.sql.table('term_relationships')} WHERE object_id IN (${list})`,
      ids,
    );
    await this.sql.run(`DELETE FROM ${this.sql.table('postmeta')} WHERE post_id IN (${list})`, ids);
    await this.sql.run(`DELETE FROM ${this.sql.table('term_relationships')} WHERE object_id IN (${list})`, ids);
    if (this.tecTables) {
      await this.sql.run(`DELETE FROM ${this.sql.table('tec_occurrences')} WHERE post_id IN (${list})`, ids);
      await this.sql.run(`DELETE FROM ${this.sql.table('tec_events')} WHERE post_id IN (${list})`, ids);
    }
    await this.writeRows(batch, ids, nowGmt);
    return before.map((r) => Number(r.term_taxonomy_id));
  }

  /** Meta, term relationships and TEC rows of events whose posts rows exist. */
  private async writeRows(batch: EventRows[], ids: number[], nowGmt: string): Promise<void> {
    await bulkInsert(
      this.sql,
      'postmeta',
      ['post_id', 'meta_key', 'meta_value'],
      batch.flatMap((e, i) => e.meta.map(([k, v]) => [ids[i], k, v])),
    );
    await bulkInsert(
      this.sql,
      'term_relationships',
      ['object_id', 'term_taxonomy_id', 'term_order'],
      batch.flatMap((e, i) => e.termTaxonomyIds.map((tt) => [ids[i], tt, 0])),
    );
    if (this.tecTables) await this.writeTecTables(batch, ids, nowGmt);
  }

  /**
   * WP core `wp_unique_post_slug` against the stored events (one query for the batch; the rare taken
   * slug goes through PostsStore, which also frees a slug still held by a trashed post).
   */
  private async uniqueSlugs(batch: EventRows[]): Promise<void> {
    // Rows of a batch wanting one slug (an hourly series' occurrences of one day) get `-2`, `-3`, … at
    // once, as WordPress would number them, so the lookups below stay one per taken slug (issue #30).
    const seen = new Map<string, number>();
    for (const event of batch) {
      const wanted = String(event.post.post_name);
      const rank = (seen.get(wanted) ?? 0) + 1;
      seen.set(wanted, rank);
      if (wanted && rank > 1) event.post.post_name = `${wanted}-${rank}`;
    }
    const slugs = batch.map((e) => String(e.post.post_name));
    const taken = new Set(
      (
        await this.sql.rows<{ post_name: string }>(
          `SELECT post_name FROM ${this.sql.table('posts')} WHERE post_type = ? AND post_name IN (${placeholders(slugs)})`,
          [EVENT_POST_TYPE, ...slugs],
        )
      ).map((r) => r.post_name.toLowerCase()),
    );
    const inBatch = new Set<string>();
    for (const event of batch) {
      const wanted = String(event.post.post_name);
      let slug = wanted;
      // A taken slug, or one a numbered row above took: the next free number, as WordPress would.
      for (let suffix = 2; !slug || taken.has(slug) || inBatch.has(slug); suffix++) {
        const candidate = inBatch.has(slug) ? `${wanted}-${suffix}` : slug;
        slug = await this.posts.claimSlug(candidate, EVENT_POST_TYPE, 0, String(event.post.post_status));
        if (!inBatch.has(slug)) break;
      }
      inBatch.add(slug);
      event.post.post_name = slug;
    }
  }

  /** `tec_events` and, for these non-recurring events, one `tec_occurrences` row each (TecTables.upsert). */
  private async writeTecTables(batch: EventRows[], ids: number[], nowGmt: string): Promise<void> {
    const rows = batch
      .map((e, i) => ({ id: ids[i], d: e.dates, duration: tecRowDuration(e.dates) }))
      .filter((row): row is { id: number; d: EventDateMeta; duration: number } => row.duration !== null);
    if (!rows.length) return;
    await bulkInsert(
      this.sql,
      'tec_events',
      ['post_id', 'start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration', 'updated_at', 'hash'],
      rows.map(({ id, d, duration }) => [
        id,
        d._EventStartDate,
        d._EventEndDate,
        d._EventTimezone,
        d._EventStartDateUTC,
        d._EventEndDateUTC,
        duration,
        nowGmt,
        '',
      ]),
    );
    const postIds = rows.map((r) => r.id);
    const events = await this.sql.rows<{ event_id: number; post_id: number }>(
      `SELECT event_id, post_id FROM ${this.sql.table('tec_events')} WHERE post_id IN (${placeholders(postIds)})`,
      postIds,
    );
    const eventIds = new Map(events.map((r) => [Number(r.post_id), Number(r.event_id)]));
    const occurrences: SqlParam[][] = rows.map(({ id, d, duration }) => [
      eventIds.get(id)!,
      d._EventStartDate,
      d._EventStartDateUTC,
      d._EventEndDate,
      d._EventEndDateUTC,
      duration,
      occurrenceHash({
        postId: id,
        startDate: d._EventStartDate,
        endDate: d._EventEndDate,
        startDateUtc: d._EventStartDateUTC,
        endDateUtc: d._EventEndDateUTC,
        duration,
      }),
      nowGmt,
      id,
    ]);
    await bulkInsert(
      this.sql,
      'tec_occurrences',
      ['event_id', 'start_date', 'start_date_utc', 'end_date', 'end_date_utc', 'duration', 'hash', 'updated_at', 'post_id'],
      occurrences,
    );
  }
}
