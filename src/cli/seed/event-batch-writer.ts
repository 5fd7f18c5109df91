import { placeholders, Sql, SqlParam } from '../../database/sql';
import { EventDateMeta, occurrenceHash } from '../../events/dates';
import { tecRowDuration } from '../../events/tec-tables';
import { PostLinks } from '../../wordpress/permalinks';
import { PostsStore } from '../../wordpress/posts.store';
import { bulkInsert, bulkUpdate } from './bulk-insert';
import { EVENT_TYPE, eventGuid, EventRows } from './event-rows';

/**
 * Writes a batch of prepared events with multi-row statements, inside the caller's transaction: posts
 * (slugs made unique as WordPress does), guid, meta in API order, term relationships, TEC tables.
 * Term counts and TEC's known range are refreshed once by the caller after all batches.
 */
export class EventBatchWriter {
  constructor(
    private readonly posts: PostsStore,
    private readonly links: PostLinks,
    private readonly tecTables: boolean,
  ) {}

  /** Returns the new post IDs in batch order. */
  async write(sql: Sql, batch: EventRows[], nowGmt: string): Promise<number[]> {
    await this.uniqueSlugs(sql, batch);
    const columns = [...Object.keys(batch[0].post), 'guid'];
    await bulkInsert(sql, 'posts', columns, batch.map((e) => [...Object.values(e.post), '']));

    const slugs = batch.map((e) => String(e.post.post_name));
    const found = await sql.rows<{ ID: number; post_name: string }>(
      `SELECT ID, post_name FROM ${sql.table('posts')} WHERE post_type = ? AND post_name IN (${placeholders(slugs)})`,
      [EVENT_TYPE, ...slugs],
    );
    const idBySlug = new Map(found.map((r) => [r.post_name.toLowerCase(), Number(r.ID)]));
    const ids = slugs.map((slug) => idBySlug.get(slug.toLowerCase())!);
    if (ids.some((id) => id === undefined)) throw new Error('Seeded events could not be found back by slug');

    await bulkUpdate(sql, 'posts', 'ID', 'guid', new Map(ids.map((id, i) => [id, eventGuid(this.links, id, batch[i].post)])));
    await bulkInsert(sql, 'postmeta', ['post_id', 'meta_key', 'meta_value'], batch.flatMap((e, i) => e.meta.map(([k, v]) => [ids[i], k, v])));
    await bulkInsert(
      sql,
      'term_relationships',
      ['object_id', 'term_taxonomy_id', 'term_order'],
      batch.flatMap((e, i) => e.termTaxonomyIds.map((tt) => [ids[i], tt, 0])),
    );
    if (this.tecTables) await this.writeTecTables(sql, batch, ids, nowGmt);
    return ids;
  }

  /**
   * WP core `wp_unique_post_slug` against the stored events (one query for the batch; the rare taken
   * slug goes through PostsStore, which also frees a slug still held by a trashed post).
   */
  private async uniqueSlugs(sql: Sql, batch: EventRows[]): Promise<void> {
    const slugs = batch.map((e) => String(e.post.post_name));
    const taken = new Set(
      (
        await sql.rows<{ post_name: string }>(
          `SELECT post_name FROM ${sql.table('posts')} WHERE post_type = ? AND post_name IN (${placeholders(slugs)})`,
          [EVENT_TYPE, ...slugs],
        )
      ).map((r) => r.post_name.toLowerCase()),
    );
    const inBatch = new Set<string>();
    for (const event of batch) {
      let slug = String(event.post.post_name);
      if (taken.has(slug) || !slug) {
        await this.posts.claimSlugFromTrash(sql, slug, EVENT_TYPE, 0);
        slug = await this.posts.uniqueSlug(sql, slug, EVENT_TYPE, 0, String(event.post.post_status));
      }
      // Generated titles carry a sequence number, so two events of a batch never share a slug.
      if (inBatch.has(slug)) throw new Error(`Two seeded events would share the slug "${slug}"`);
      inBatch.add(slug);
      event.post.post_name = slug;
    }
  }

  /** `tec_events` and, for these non-recurring events, one `tec_occurrences` row each (TecTables.upsert). */
  private async writeTecTables(sql: Sql, batch: EventRows[], ids: number[], nowGmt: string): Promise<void> {
    const rows = batch
      .map((e, i) => ({ id: ids[i], d: e.dates, duration: tecRowDuration(e.dates) }))
      .filter((row): row is { id: number; d: EventDateMeta; duration: number } => row.duration !== null);
    if (!rows.length) return;
    await bulkInsert(
      sql,
      'tec_events',
      ['post_id', 'start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration', 'updated_at', 'hash'],
      rows.map(({ id, d, duration }) => [id, d._EventStartDate, d._EventEndDate, d._EventTimezone, d._EventStartDateUTC, d._EventEndDateUTC, duration, nowGmt, '']),
    );
    const postIds = rows.map((r) => r.id);
    const events = await sql.rows<{ event_id: number; post_id: number }>(
      `SELECT event_id, post_id FROM ${sql.table('tec_events')} WHERE post_id IN (${placeholders(postIds)})`,
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
      occurrenceHash({ postId: id, startDate: d._EventStartDate, endDate: d._EventEndDate, startDateUtc: d._EventStartDateUTC, endDateUtc: d._EventEndDateUTC, duration }),
      nowGmt,
      id,
    ]);
    await bulkInsert(
      sql,
      'tec_occurrences',
      ['event_id', 'start_date', 'start_date_utc', 'end_date', 'end_date_utc', 'duration', 'hash', 'updated_at', 'post_id'],
      occurrences,
    );
  }
}
