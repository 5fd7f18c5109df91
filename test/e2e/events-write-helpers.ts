import { TestApp } from '../support/test-app';
import { ADMIN, BASE } from './linked-posts-test-helpers';

export { ADMIN, BASE, SITE, userWithRole } from './linked-posts-test-helpers';

export const EVENTS = `${BASE}/events`;

/** The smallest valid create body. */
export const MINIMAL = { title: 'T', start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 12:00:00' };

/** POST /events expecting 201; returns the body. */
export async function createEvent(t: TestApp, body: Record<string, unknown>, auth = ADMIN): Promise<Record<string, any>> {
  const res = await t.http
    .post(EVENTS)
    .set('Authorization', auth)
    .send({ ...MINIMAL, ...body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The post's meta: key → values in row order. */
export async function eventMeta(t: TestApp, id: number): Promise<Record<string, string[]>> {
  const rows = await t.db.sql.rows<{ meta_key: string; meta_value: string }>(
    `SELECT meta_key, meta_value FROM ${t.db.sql.table('postmeta')} WHERE post_id = ? ORDER BY meta_id`,
    [id],
  );
  const meta: Record<string, string[]> = {};
  for (const row of rows) (meta[row.meta_key] ??= []).push(row.meta_value);
  return meta;
}

export async function eventPost(t: TestApp, id: number): Promise<Record<string, any>> {
  return (await t.db.sql.one(`SELECT * FROM ${t.db.sql.table('posts')} WHERE ID = ?`, [id]))!;
}

export async function countRows(t: TestApp, table: string, where = '1 = 1', params: (string | number)[] = []): Promise<number> {
  const row = await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table(table)} WHERE ${where}`, params);
  return Number(row!.n);
}

/** `term_taxonomy.count` of a term. */
export async function termCount(t: TestApp, termId: number): Promise<number> {
  const row = await t.db.sql.one<{ count: number }>(`SELECT count FROM ${t.db.sql.table('term_taxonomy')} WHERE term_id = ?`, [termId]);
  return Number(row!.count);
}

export async function tecRows(t: TestApp, postId: number): Promise<{ event: Record<string, any> | undefined; occurrences: Record<string, any>[] }> {
  const event = await t.db.sql.one(`SELECT * FROM ${t.db.sql.table('tec_events')} WHERE post_id = ?`, [postId]);
  const occurrences = await t.db.sql.rows(`SELECT * FROM ${t.db.sql.table('tec_occurrences')} WHERE post_id = ?`, [postId]);
  return { event, occurrences };
}
