import { phpSerialize } from '../../src/wordpress/php-serialization';
import { bumpCacheVersion } from '../support/data-version';
import { SITE, TestApp } from '../support/test-app';

/** Shared helpers of the venue/organizer suites (events are inserted as rows: the events module is separate). */
export { ADMIN, BASE, SITE, userWithRole } from '../support/test-app';

export interface EventRow {
  status?: string;
  author?: number;
  title?: string;
  /** UTC start `YYYY-MM-DD HH:MM:SS`. */
  start?: string;
  venue?: number | string;
  organizers?: (number | string)[];
}

/** An event as TEC stores one (posts row + the meta these suites read). */
export async function insertEvent(t: TestApp, event: EventRow = {}): Promise<number> {
  return t.db.transaction(async () => {
    const sql = t.db.sql;
    const { insertId } = await sql.run(
      `INSERT INTO ${sql.table('posts')} (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
        comment_status, ping_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, guid, post_type)
       VALUES (?, '2026-01-01 10:00:00', '2026-01-01 10:00:00', '', ?, '', ?, 'closed', 'closed', '', '', '', '2026-01-01 10:00:00',
        '2026-01-01 10:00:00', '', '', 'tribe_events')`,
      [event.author ?? 1, event.title ?? 'Event', event.status ?? 'publish'],
    );
    const start = event.start ?? '2030-01-01 10:00:00';
    const meta: [string, string][] = [
      ['_EventStartDate', start],
      ['_EventEndDate', start],
      ['_EventStartDateUTC', start],
      ['_EventEndDateUTC', start],
    ];
    if (event.venue !== undefined) meta.push(['_EventVenueID', String(event.venue)]);
    for (const organizer of event.organizers ?? []) meta.push(['_EventOrganizerID', String(organizer)]);
    for (const [key, value] of meta) {
      await sql.run(`INSERT INTO ${sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES (?, ?, ?)`, [insertId, key, value]);
    }
    return insertId;
  });
}

/** An image attachment with WordPress' metadata. */
export async function insertImage(t: TestApp, file = '2024/05/poster.jpg'): Promise<number> {
  return t.db.transaction(async () => {
    const sql = t.db.sql;
    const { insertId } = await sql.run(
      `INSERT INTO ${sql.table('posts')} (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
        post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, guid, post_type, post_mime_type)
       VALUES (1, '2024-05-01 10:00:00', '2024-05-01 10:00:00', '', 'poster', '', 'inherit', 'poster', '', '', '2024-05-01 10:00:00',
        '2024-05-01 10:00:00', '', ?, 'attachment', 'image/jpeg')`,
      [`${SITE}/wp-content/uploads/${file}`],
    );
    const metadata = {
      width: 1200,
      height: 800,
      file,
      filesize: 183412,
      sizes: { medium: { file: 'poster-300x200.jpg', width: 300, height: 200, 'mime-type': 'image/jpeg', filesize: 9821 } },
      image_meta: { aperture: '0', caption: '' },
    };
    for (const [key, value] of [
      ['_wp_attached_file', file],
      ['_wp_attachment_metadata', phpSerialize(metadata)],
    ]) {
      await sql.run(`INSERT INTO ${sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES (?, ?, ?)`, [insertId, key, value]);
    }
    return insertId;
  });
}

/** Meta rows of a post as `[key, value]` pairs in row order. */
export async function metaRows(t: TestApp, postId: number): Promise<[string, string][]> {
  const rows = await t.db.sql.rows<{ meta_key: string; meta_value: string }>(
    `SELECT meta_key, meta_value FROM ${t.db.sql.table('postmeta')} WHERE post_id = ? ORDER BY meta_id`,
    [postId],
  );
  return rows.map((r) => [r.meta_key, r.meta_value]);
}

/** Meta of a post as key → values. */
export async function metaOf(t: TestApp, postId: number): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [key, value] of await metaRows(t, postId)) (result[key] ??= []).push(value);
  return result;
}

export async function postRow(t: TestApp, id: number): Promise<Record<string, unknown>> {
  return (await t.db.sql.one(`SELECT * FROM ${t.db.sql.table('posts')} WHERE ID = ?`, [id]))!;
}

export async function setPostColumns(t: TestApp, id: number, columns: Record<string, string | number>): Promise<void> {
  const names = Object.keys(columns);
  await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE ID = ?`, [...Object.values(columns), id]);
  // As WordPress with the must-use plugin of docs/caching.md: records shared under the version are retired.
  await bumpCacheVersion(t);
}

export async function addMeta(t: TestApp, postId: number, key: string, value: string): Promise<void> {
  await t.db.sql.run(`INSERT INTO ${t.db.sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES (?, ?, ?)`, [postId, key, value]);
  await bumpCacheVersion(t);
}
