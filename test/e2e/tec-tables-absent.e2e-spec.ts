import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, createEvent, eventMeta, EVENTS } from './events-write-helpers';

jest.setTimeout(60_000);

/**
 * A single-event write asks nothing about TEC 6's tables before writing them (issue #32: fewer
 * statements per write): their first statement tells. On a database without them (a site TEC 6 never
 * ran on, or where they were dropped) the event is written all the same, with its meta and no rows.
 */
describe('writes on a database without the TEC tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.db.sql.run(`DROP TABLE ${t.db.sql.table('tec_occurrences')}`);
    await t.db.sql.run(`DROP TABLE ${t.db.sql.table('tec_events')}`);
  });
  afterAll(() => t.close());

  it('creates and updates an event: its meta is written, the transaction is not broken by the missing tables', async () => {
    const created = await createEvent(t, { title: 'No TEC tables', start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 12:00:00' });
    expect((await eventMeta(t, created.id))._EventStartDate).toEqual(['2027-05-01 10:00:00']);

    const updated = await t.http.put(`${EVENTS}/${created.id}`).set('Authorization', ADMIN).send({ end_date: '2027-05-01 13:00:00' }).expect(200);
    expect(updated.body.end_date).toBe('2027-05-01 13:00:00');
    expect((await eventMeta(t, created.id))._EventEndDate).toEqual(['2027-05-01 13:00:00']);
    // Both writes committed whole: the change log has them.
    const changes = await t.db.sql.rows<{ action: string }>(`SELECT action FROM ${t.db.sql.table('eca_changes')} WHERE record_id = ? ORDER BY cursor_id`, [
      created.id,
    ]);
    expect(changes.map((c) => c.action)).toEqual(['created', 'updated']);
  });
});
