import { startTestApp, TestApp, userWithRole } from '../support/test-app';
import { ADMIN, countRows, eventMeta, eventPost, EVENTS } from './events-write-helpers';

const SERIES = { start_date: '2027-01-05 10:00:00', end_date: '2027-01-05 12:00:00', timezone: 'America/New_York' };

async function createSeries(t: TestApp, title: string, rrule: string, auth = ADMIN, status?: string) {
  const res = await t.http
    .post(EVENTS)
    .set('Authorization', auth)
    .send({ ...SERIES, title, recurrence: { rrule }, ...(status ? { status } : {}) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The series' later occurrences (any status) by start: ID, status, title, start. */
async function children(t: TestApp, parentId: number) {
  const sql = t.db.sql;
  return sql.rows<{ ID: number; post_status: string; post_title: string; post_password: string; start: string }>(
    `SELECT p.ID, p.post_status, p.post_title, p.post_password, s.meta_value AS start FROM ${sql.table('posts')} p
       JOIN ${sql.table('postmeta')} s ON s.post_id = p.ID AND s.meta_key = '_EventStartDate'
      WHERE p.post_parent = ? ORDER BY s.meta_value`,
    [parentId],
  );
}

const patch = (t: TestApp, id: number, body: Record<string, unknown>, auth = ADMIN) => t.http.patch(`${EVENTS}/${id}`).set('Authorization', auth).send(body);

describe('recurring events: updates, deletes and permissions (issue #24)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('an update of the first event changes every occurrence; one occurrence alone becomes an exception kept through a rule change', async () => {
    const first = await createSeries(t, 'Club', 'FREQ=WEEKLY;COUNT=6');
    const before = await children(t, first.id);
    // One occurrence alone: only it changes, marked with the start it had.
    const third = before[1];
    const alone = await patch(t, third.ID, { title: 'Club (special)', start_date: '2027-01-19 11:00:00', end_date: '2027-01-19 13:00:00' }).expect(200);
    expect(alone.body).toMatchObject({ title: 'Club (special)', start_date: '2027-01-19 11:00:00', series: { id: first.id } });
    expect((await eventMeta(t, third.ID))._EventRecurrenceException).toEqual(['2027-01-19 10:00:00']);
    expect((await children(t, first.id)).filter((c) => c.post_title === 'Club')).toHaveLength(4);

    // The whole series from its first event: fields everywhere but the exception; the password too.
    await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_password = 'secret' WHERE ID = ?`, [first.id]);
    await patch(t, first.id, { title: 'Book club' }).expect(200);
    const renamed = await children(t, first.id);
    expect(renamed.map((c) => c.post_title)).toEqual(['Book club', 'Club (special)', 'Book club', 'Book club', 'Book club']);
    expect(renamed.filter((c) => c.ID !== third.ID).every((c) => c.post_password === 'secret')).toBe(true);
    // Each occurrence is as protected as the first event: the same refusal without the password, read with it.
    const parent = await t.http.get(`${EVENTS}/${first.id}`);
    const anonymous = await t.http.get(`${EVENTS}/${before[3].ID}`);
    expect(parent.status).toBeGreaterThanOrEqual(400);
    expect([anonymous.status, anonymous.body.code]).toEqual([parent.status, parent.body.code]);
    await t.http.get(`${EVENTS}/${before[3].ID}?password=secret`).expect(200);

    // A rule change: surviving days keep their IDs, the exception stays, vanished ones are trashed, new ones added.
    const changed = await patch(t, first.id, { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' } }).expect(200);
    expect(changed.body.series.occurrences).toBe(4);
    const after = await children(t, first.id);
    expect(after.map((c) => [c.ID, c.post_status])).toEqual([
      [before[0].ID, 'publish'],
      [third.ID, 'publish'],
      [before[2].ID, 'publish'],
      [before[3].ID, 'trash'],
      [before[4].ID, 'trash'],
    ]);
    expect((await eventPost(t, third.ID)).post_title).toBe('Club (special)');
    const longer = await patch(t, first.id, { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=7' } }).expect(200);
    expect(longer.body.series).toMatchObject({ occurrences: 7, last: '2027-02-16 10:00:00' });
    expect((await children(t, first.id)).filter((c) => c.post_status === 'publish').map((c) => c.start.slice(0, 10))).toEqual([
      '2027-01-12',
      '2027-01-19',
      '2027-01-26',
      '2027-02-02',
      '2027-02-09',
      '2027-02-16',
    ]);
  });

  it('scope all from any occurrence, and scope following splits the series', async () => {
    const first = await createSeries(t, 'Run', 'FREQ=DAILY;COUNT=6');
    const kids = await children(t, first.id);
    await patch(t, kids[4].ID, { scope: 'all', description: 'Bring water' }).expect(200);
    const described = await t.http.get(`${EVENTS}/${kids[0].ID}`).expect(200);
    expect(described.body.description).toBe('<p>Bring water</p>');
    expect((await eventPost(t, first.id)).post_content).toBe('Bring water');

    // Split at the fourth occurrence (January 8): the old series ends before it, the new one holds the rest.
    const split = await patch(t, kids[2].ID, { scope: 'following', title: 'Long run' }).expect(200);
    expect(split.body).toMatchObject({ id: kids[2].ID, title: 'Long run', series: { id: kids[2].ID, occurrences: 3, first: '2027-01-08 10:00:00' } });
    expect(split.body.recurrence.rrule).toBe('FREQ=DAILY;COUNT=3');
    const old = await t.http.get(`${EVENTS}/${first.id}`).expect(200);
    expect(old.body).toMatchObject({ title: 'Run', series: { occurrences: 3, last: '2027-01-07 10:00:00' } });
    expect(old.body.recurrence.rrule).toBe('FREQ=DAILY;UNTIL=20270108T145959Z');
    expect((await children(t, kids[2].ID)).map((c) => [c.ID, c.post_title])).toEqual([
      [kids[3].ID, 'Long run'],
      [kids[4].ID, 'Long run'],
    ]);
    expect((await eventPost(t, kids[2].ID)).post_parent).toBe(0);
  });

  it('deletes one occurrence (trash + exdate) or the whole series (trash, then for good)', async () => {
    const first = await createSeries(t, 'Yoga', 'FREQ=DAILY;COUNT=5');
    const kids = await children(t, first.id);
    await t.http.delete(`${EVENTS}/${kids[1].ID}`).set('Authorization', ADMIN).expect(200);
    const read = await t.http.get(`${EVENTS}/${first.id}`).expect(200);
    expect(read.body.recurrence.exdate).toEqual(['2027-01-07 10:00:00']);
    expect(read.body.series.occurrences).toBe(4);
    // A later rule change does not bring the left-out day back.
    await patch(t, first.id, { title: 'Yoga!' }).expect(200);
    expect((await children(t, first.id)).map((c) => c.post_status)).toEqual(['publish', 'trash', 'publish', 'publish']);

    const all = await t.http.delete(`${EVENTS}/${kids[2].ID}?scope=all`).set('Authorization', ADMIN).expect(200);
    expect(all.body.status).toBe('trash');
    expect(await countRows(t, 'posts', "(ID = ? OR post_parent = ?) AND post_status <> 'trash'", [first.id, first.id])).toBe(0);
    await t.http.delete(`${EVENTS}/${first.id}?scope=all&force=true`).set('Authorization', ADMIN).expect(200);
    expect(await countRows(t, 'posts', 'ID = ? OR post_parent = ?', [first.id, first.id])).toBe(0);
    expect(await countRows(t, 'tec_occurrences', `post_id IN (${[first.id, ...kids.map((k) => k.ID)].join(',')})`)).toBe(0);
  });

  it('permissions: a contributor’s series is pending as a whole; another author may not change it', async () => {
    const contributor = await userWithRole(t, 'contributor');
    const author = await userWithRole(t, 'author');
    const other = await userWithRole(t, 'author', 'other-author');
    const pending = await createSeries(t, 'Draft series', 'FREQ=WEEKLY;COUNT=3', contributor.auth, 'pending');
    expect(pending.status).toBe('pending');
    expect((await children(t, pending.id)).map((c) => c.post_status)).toEqual(['pending', 'pending']);
    const hidden = await t.http.get(`${EVENTS}?post_parent=${pending.id}`).expect(200);
    expect(hidden.body.total).toBe(0);

    const owned = await createSeries(t, 'Owned', 'FREQ=WEEKLY;COUNT=3', author.auth);
    const kids = await children(t, owned.id);
    const refused = await patch(t, kids[0].ID, { scope: 'all', title: 'Taken' }, other.auth).expect(403);
    expect(refused.body.code).toBe('rest_forbidden');
    await t.http.delete(`${EVENTS}/${kids[0].ID}?scope=all`).set('Authorization', other.auth).expect(403);
    await patch(t, kids[0].ID, { scope: 'all', title: 'Mine' }, author.auth).expect(200);
    expect((await children(t, owned.id)).map((c) => c.post_title)).toEqual(['Mine', 'Mine']);

    // An author given one occurrence of another's series may change it alone, not the series through it.
    const sql = t.db.sql;
    await sql.run(`UPDATE ${sql.table('posts')} SET post_author = ? WHERE ID = ?`, [other.id, kids[1].ID]);
    for (const scope of ['all', 'following']) {
      const denied = await patch(t, kids[1].ID, { scope, title: 'Through an occurrence' }, other.auth).expect(403);
      expect(denied.body.code).toBe('rest_forbidden');
    }
    expect((await children(t, owned.id)).map((c) => c.post_title)).toEqual(['Mine', 'Mine']);
    expect((await eventPost(t, owned.id)).post_title).toBe('Mine');
    await patch(t, kids[1].ID, { title: 'Alone' }, other.auth).expect(200);
  });
});
