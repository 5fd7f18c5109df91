import { ADMIN, startTestApp, TestApp } from '../support/test-app';
import { createWebhook, ECA, FAST_WEBHOOKS, readFeed, Receiver } from './changes-test-helpers';
import { createEvent, EVENTS } from './events-write-helpers';

// Issue #24: the change feed and webhooks report a series write once — the first event's change,
// naming the occurrences it touched — not as one unrelated change per occurrence. Both engines.

const SERIES = { start_date: '2027-01-05 10:00:00', end_date: '2027-01-05 12:00:00', timezone: 'America/New_York', status: 'publish' };

describe('recurring events in the change feed and webhooks (issue #24)', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await new Receiver().start();
    t = await startTestApp({ env: FAST_WEBHOOKS });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });

  const cursor = async () =>
    (await t.http.get(`${ECA}/changes`).query({ after: 0, per_page: 1 }).set('Authorization', ADMIN).expect(200)).body.last_cursor as number;
  const childrenOf = async (id: number) =>
    (
      (await t.http.get(EVENTS).query({ post_parent: id, start_date: '2027-01-01', end_date: '2027-12-31', per_page: 50 }).expect(200)).body.events as {
        id: number;
      }[]
    )
      .map((e) => e.id)
      .filter((child) => child !== id);

  it('a created series is one change of its first event, with the occurrences it created; a webhook gets the same', async () => {
    await createWebhook(t, { url: receiver.url, events: ['event.created'] });
    const start = await cursor();
    const first = await createEvent(t, { ...SERIES, title: 'Weekly', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=5' } });
    const children = await childrenOf(first.id);
    expect(children).toHaveLength(4);
    const feed = await readFeed(t, start, ADMIN);
    expect(feed.map((c) => [c.type, c.id, c.action])).toEqual([['event', first.id, 'created']]);
    expect(feed[0].occurrences).toEqual({ created: children });
    // Anonymous callers see the same change: the series is published.
    expect((await readFeed(t, start)).map((c) => c.occurrences)).toEqual([{ created: children }]);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery.json.change).toMatchObject({ type: 'event', id: first.id, action: 'created', occurrences: { created: children } });
  });

  it('a rule change is one update naming the rewritten and trashed occurrences; one occurrence alone is its own change', async () => {
    const first = await createEvent(t, { ...SERIES, title: 'Club', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=5' } });
    const children = await childrenOf(first.id);
    let start = await cursor();
    await t.http
      .patch(`${EVENTS}/${first.id}`)
      .set('Authorization', ADMIN)
      .send({ recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' } })
      .expect(200);
    let feed = await readFeed(t, start, ADMIN);
    expect(feed.map((c) => [c.id, c.action])).toEqual([[first.id, 'updated']]);
    expect(feed[0].occurrences).toEqual({ updated: children.slice(0, 2), trashed: children.slice(2) });

    start = await cursor();
    await t.http.patch(`${EVENTS}/${children[0]}`).set('Authorization', ADMIN).send({ title: 'Club (special)' }).expect(200);
    feed = await readFeed(t, start, ADMIN);
    expect(feed.map((c) => [c.id, c.action, c.occurrences])).toEqual([[children[0], 'updated', undefined]]);
  });

  it('the whole series to the trash is one change, and so is a whole series deleted for good', async () => {
    const trashed = await createEvent(t, { ...SERIES, title: 'Gone', recurrence: { rrule: 'FREQ=DAILY;COUNT=4' } });
    const deleted = await createEvent(t, { ...SERIES, title: 'Erased', recurrence: { rrule: 'FREQ=DAILY;COUNT=3' } });
    const trashedChildren = await childrenOf(trashed.id);
    const deletedChildren = await childrenOf(deleted.id);
    const start = await cursor();
    await t.http.delete(`${EVENTS}/${trashed.id}`).query({ scope: 'all' }).set('Authorization', ADMIN).expect(200);
    await t.http.delete(`${EVENTS}/${deleted.id}`).query({ scope: 'all', force: 'true' }).set('Authorization', ADMIN).expect(200);
    expect((await readFeed(t, start, ADMIN)).map((c) => [c.id, c.action, c.occurrences])).toEqual([
      [trashed.id, 'trashed', { trashed: trashedChildren }],
      // A record deleted for good is nobody's to read: `removed`, as for any record (docs/webhooks-and-changes.md).
      [deleted.id, 'removed', { deleted: deletedChildren }],
    ]);
    // Anonymous callers see each series leave what they may read, once.
    expect((await readFeed(t, start)).map((c) => [c.id, c.action])).toEqual([
      [trashed.id, 'removed'],
      [deleted.id, 'removed'],
    ]);
  });
});
