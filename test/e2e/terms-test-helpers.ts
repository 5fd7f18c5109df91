import { Role } from '../../src/auth/users.service';
import { TermsStore } from '../../src/wordpress/terms.store';
import { ADMIN, BASE, SITE, TestApp, userWithRole } from '../support/test-app';

/** Shared helpers of the categories/tags suites (events do not exist yet: posts are inserted directly). */
export { ADMIN, BASE, SITE } from '../support/test-app';
export const REST = `${SITE}${BASE}`;

/** A user of that role with an application password; returns its Authorization header. */
export async function loginAs(t: TestApp, role: Role): Promise<string> {
  return (await userWithRole(t, role)).auth;
}

/** A posts row as WordPress writes one (only the columns these tests care about vary). */
export async function insertPost(t: TestApp, post: { status?: string; type?: string; title?: string } = {}): Promise<number> {
  return t.db.transaction(async () => {
    const sql = t.db.sql;
    const { insertId } = await sql.run(
      `INSERT INTO ${sql.table('posts')} (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
        post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, guid, post_type)
       VALUES (1, '2027-01-01 10:00:00', '2027-01-01 10:00:00', '', ?, '', ?, '', '', '', '2027-01-01 10:00:00', '2027-01-01 10:00:00', '', '', ?)`,
      [post.title ?? 'Event', post.status ?? 'publish', post.type ?? 'tribe_events'],
    );
    return insertId;
  });
}

/** Gives a post exactly these terms (by term ID) of one taxonomy, through the store (which recounts). */
export async function attachTerms(t: TestApp, postId: number, taxonomy: string, termIds: number[]): Promise<void> {
  const store = t.app.get(TermsStore);
  await t.db.transaction(async () => {
    const terms = await store.findByIds(termIds, taxonomy);
    await store.setObjectTerms(postId, new Map([[taxonomy, terms.map((term) => term.term_taxonomy_id)]]));
  });
}

/** Creates a term through the API as the administrator and returns its representation. */
export async function createTerm(t: TestApp, collection: 'categories' | 'tags', body: Record<string, unknown>) {
  const res = await t.http.post(`${BASE}/${collection}`).set('Authorization', ADMIN).send(body);
  if (res.status !== 201) throw new Error(`create ${collection} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
