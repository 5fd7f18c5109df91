import { ChangesRepository } from '../../src/changes/repository/changes.repository';
import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { ECA, readFeed } from './changes-test-helpers';
import { createEvent, EVENTS } from './events-write-helpers';

/**
 * The change log and its feed (docs/webhooks-and-changes.md): one change per record a write touches,
 * written in the write's own transaction, read in commit order by cursor, shown to each caller as
 * far as it may read the record.
 */
describe('the change feed', () => {
  let t: TestApp;
  let lastCursor: () => Promise<number>;
  beforeAll(async () => {
    t = await startTestApp();
    lastCursor = () => t.app.get(ChangesRepository).lastCursor();
  });
  afterAll(() => t?.close());

  const brief = (changes: Record<string, any>[]) => changes.map((c) => `${c.type}:${c.id}:${c.action}`);

  it('records one change per record a write creates, updates, trashes or deletes, in commit order', async () => {
    const from = await lastCursor();
    const event = await createEvent(t, {
      title: 'Concert',
      venue: { venue: 'Hall' },
      organizer: [{ organizer: 'Band' }],
      categories: ['Music'],
      tags: ['Loud'],
    });
    const venue = event.venue.id;
    const organizer = event.organizer[0].id;
    const category = event.categories[0].id;
    const tag = event.tags[0].id;
    // Several notes of one record in one transaction are one change: the event's meta writes after its insert.
    expect(brief(await readFeed(t, from, ADMIN))).toEqual([
      `event:${event.id}:created`,
      `category:${category}:created`,
      `tag:${tag}:created`,
      `venue:${venue}:created`,
      `organizer:${organizer}:created`,
    ]);

    const next = await lastCursor();
    await t.http.put(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).send({ title: 'Concert, moved' }).expect(200);
    await t.http.put(`${BASE}/categories/${category}`).set('Authorization', ADMIN).send({ name: 'Live music' }).expect(200);
    await t.http.delete(`${BASE}/tags/${tag}`).set('Authorization', ADMIN).expect(200);
    // Trashing the venue also unlinks it from the event: the event's own rows change too.
    await t.http.delete(`${BASE}/venues/${venue}`).set('Authorization', ADMIN).expect(200);
    await t.http.delete(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).expect(200);
    const changes = await readFeed(t, next, ADMIN);
    expect(brief(changes)).toEqual([
      `event:${event.id}:updated`,
      `category:${category}:updated`,
      `tag:${tag}:deleted`,
      `venue:${venue}:trashed`,
      `event:${event.id}:updated`,
      `event:${event.id}:trashed`,
    ]);
    const cursors = changes.map((c) => c.cursor);
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(changes[0]).toEqual({
      cursor: next + 1,
      type: 'event',
      id: event.id,
      action: 'updated',
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      href: `http://127.0.0.1:3000/wp-json/tribe/events/v1/events/${event.id}`,
    });
  });

  it('pages by cursor: per_page rows of the log, next_cursor and more', async () => {
    const from = await lastCursor();
    for (const name of ['One', 'Two', 'Three']) await t.http.post(`${BASE}/tags`).set('Authorization', ADMIN).send({ name }).expect(201);
    const first = (await t.http.get(`${ECA}/changes`).query({ after: from, per_page: 2 }).expect(200)).body;
    expect(first.changes.map((c: any) => c.cursor)).toEqual([from + 1, from + 2]);
    expect(first).toMatchObject({ next_cursor: from + 2, more: true, last_cursor: from + 3 });
    const second = (await t.http.get(`${ECA}/changes`).query({ after: first.next_cursor, per_page: 2 }).expect(200)).body;
    expect(second.changes.map((c: any) => c.cursor)).toEqual([from + 3]);
    expect(second).toMatchObject({ next_cursor: from + 3, more: false });
    // Past the end: nothing, and the cursor stays.
    expect(
      (
        await t.http
          .get(`${ECA}/changes`)
          .query({ after: from + 3 })
          .expect(200)
      ).body,
    ).toEqual({ changes: [], next_cursor: from + 3, more: false, last_cursor: from + 3 });
  });

  it('refuses bad cursors and page sizes as WordPress parameters', async () => {
    for (const query of [{ after: -1 }, { after: 'x' }, { per_page: 0 }, { per_page: 1001 }]) {
      const res = await t.http.get(`${ECA}/changes`).query(query).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
  });

  it('shows each caller only what it may read; a record that leaves public view is `removed` for those who could only see it public', async () => {
    const contributor = await userWithRole(t, 'contributor');
    const subscriber = await userWithRole(t, 'subscriber');
    const from = await lastCursor();
    const draft = await createEvent(t, { title: 'Plans', status: 'draft' });
    const own = await createEvent(t, { title: 'Mine' }, contributor.auth); // a contributor's event is pending
    await t.http.put(`${EVENTS}/${draft.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200);
    await t.http.put(`${EVENTS}/${draft.id}`).set('Authorization', ADMIN).send({ status: 'draft' }).expect(200);
    await t.http.put(`${EVENTS}/${draft.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200);
    await t.http.delete(`${EVENTS}/${draft.id}`).set('Authorization', ADMIN).expect(200);

    const d = draft.id;
    expect(brief(await readFeed(t, from))).toEqual([`event:${d}:updated`, `event:${d}:removed`, `event:${d}:updated`, `event:${d}:removed`]);
    expect(brief(await readFeed(t, from, subscriber.auth))).toEqual(brief(await readFeed(t, from)));
    // The author sees its own pending event; administrators see everything as it happened.
    expect(brief(await readFeed(t, from, contributor.auth))).toEqual([
      `event:${own.id}:created`,
      `event:${d}:updated`,
      `event:${d}:removed`,
      `event:${d}:updated`,
      `event:${d}:removed`,
    ]);
    expect(brief(await readFeed(t, from, ADMIN))).toEqual([
      `event:${d}:created`,
      `event:${own.id}:created`,
      `event:${d}:updated`,
      `event:${d}:updated`,
      `event:${d}:updated`,
      `event:${d}:trashed`,
    ]);
    // Hidden rows still move the cursor: an anonymous page of drafts is empty but not stuck.
    const page = (await t.http.get(`${ECA}/changes`).query({ after: from, per_page: 2 }).expect(200)).body;
    expect(page).toMatchObject({ changes: [], next_cursor: from + 2, more: true });
  });

  it('writes no change for a write that rolls back, and its cursor is not used', async () => {
    const from = await lastCursor();
    let fail = true;
    // A step after the change log's, in the same transaction: the write fails after its change rows were inserted.
    t.db.beforeCommit(async () => {
      if (fail) throw new Error('provoked failure before commit');
    });
    try {
      await t.http.post(`${BASE}/tags`).set('Authorization', ADMIN).send({ name: 'Never' }).expect(500);
      await t.http.post(EVENTS).set('Authorization', ADMIN).send({ title: 'Never', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' }).expect(500);
    } finally {
      fail = false;
    }
    expect(await lastCursor()).toBe(from);
    expect(await readFeed(t, from, ADMIN)).toEqual([]);
    const tags = (await t.http.get(`${BASE}/tags`).query({ search: 'Never', hide_empty: 0 }).expect(200)).body;
    expect(tags.total).toBe(0);
    const tag = (await t.http.post(`${BASE}/tags`).set('Authorization', ADMIN).send({ name: 'Afterwards' }).expect(201)).body;
    expect(brief(await readFeed(t, from, ADMIN))).toEqual([`tag:${tag.id}:created`]);
    expect((await readFeed(t, from, ADMIN))[0].cursor).toBe(from + 1);
  });

  it('gives cursors in commit order: a reader following next_cursor during concurrent writes misses nothing', async () => {
    const from = await lastCursor();
    const seen: number[] = [];
    let writing = true;
    const reader = (async () => {
      let cursor = from;
      while (writing || cursor < (await lastCursor())) {
        const body = (await t.http.get(`${ECA}/changes`).query({ after: cursor, per_page: 7 }).set('Authorization', ADMIN).expect(200)).body;
        seen.push(...body.changes.map((c: any) => c.cursor));
        cursor = body.next_cursor;
      }
    })();
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.http
          .post(EVENTS)
          .set('Authorization', ADMIN)
          .send({ title: `Parallel ${i}`, start_date: '2031-01-01 10:00', end_date: '2031-01-01 11:00', tags: [`parallel-${i % 3}`] })
          .expect(201),
      ),
    );
    writing = false;
    await reader;
    const all = (await readFeed(t, from, ADMIN)).map((c) => c.cursor);
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => from + 1 + i));
    expect(seen).toEqual(all);
  });

  it('makes a writer wait for its cursors until the writer that took the previous ones has committed', async () => {
    const changes = t.app.get(ChangesRepository);
    const change = { type: 'tag', id: 1, action: 'updated', publicAfter: true, publicBefore: true } as const;
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const order: string[] = [];
    const first = t.db.transaction(async () => {
      await changes.append([change], Date.now());
      order.push('first appended');
      await held;
      order.push('first commits');
    });
    await new Promise((done) => setTimeout(done, 50));
    const second = t.db.transaction(async () => {
      await changes.append([change], Date.now());
      order.push('second appended');
    });
    await new Promise((done) => setTimeout(done, 200));
    expect(order).toEqual(['first appended']);
    const before = await lastCursor();
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first appended', 'first commits', 'second appended']);
    const [a, b] = (await changes.after(before - 1, 10)).map((c) => c.cursor);
    expect(b).toBe(a + 1);
  });

  it('never shows a change of a write still open (SQLite shares the writer’s connection with readers)', async () => {
    const changes = t.app.get(ChangesRepository);
    const before = await lastCursor();
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const write = t.db
      .transaction(async () => {
        await changes.append([{ type: 'tag', id: 1, action: 'updated', publicAfter: true, publicBefore: true }], Date.now());
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await new Promise((done) => setTimeout(done, 50));
    const reading = t.http.get(`${ECA}/changes`).query({ after: before });
    setTimeout(release, 150);
    const page = (await reading.expect(200)).body;
    expect(await write).toBe('rolled back');
    expect(page).toEqual({ changes: [], next_cursor: before, more: false, last_cursor: before });
  });

  it('is answered from the response cache until the next write', async () => {
    const first = await t.http.get(`${ECA}/changes`).query({ after: 0, per_page: 1 }).expect(200);
    const again = await t.http.get(`${ECA}/changes`).query({ after: 0, per_page: 1 }).set('If-None-Match', first.headers.etag).expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    const from = await lastCursor();
    await t.http.post(`${BASE}/tags`).set('Authorization', ADMIN).send({ name: 'Fresh' }).expect(201);
    expect((await t.http.get(`${ECA}/changes`).query({ after: from }).expect(200)).body.changes).toHaveLength(1);
  });
});
