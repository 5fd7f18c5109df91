import { PostsStore } from '../../src/wordpress/posts.store';
import { bumpCacheVersion } from '../support/data-version';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, EVENTS, ids, insertEvent } from './events-test-helpers';

const WINDOW = 'start_date=2030-01-01&end_date=2030-12-31';

/** Event Tickets' ticket posts, stored as Event Tickets stores them (src/events/repository/ticket-links.ts). */
async function insertTicket(t: TestApp, postType: string, eventKey: string, eventId: number, status = 'publish'): Promise<number> {
  const posts = t.app.get(PostsStore);
  const id = await t.db.transaction(async () => {
    const ticket = await posts.insert({
      post_type: postType,
      post_status: status,
      post_author: 1,
      post_title: 'Ticket',
      post_content: '',
      post_excerpt: '',
      post_name: '',
      post_password: '',
      post_parent: 0,
      menu_order: 0,
      post_date: '2026-01-01 10:00:00',
      post_date_gmt: '2026-01-01 10:00:00',
      post_modified: '2026-01-01 10:00:00',
      post_modified_gmt: '2026-01-01 10:00:00',
      guid: (n) => `http://127.0.0.1:3000/?p=${n}`,
    });
    await posts.addMeta(ticket, eventKey, String(eventId));
    return ticket;
  });
  await bumpCacheVersion(t);
  return id;
}

describe('GET /events?ticketed (Event Tickets data)', () => {
  let t: TestApp;
  const e: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    e.plain = await insertEvent(t, { title: 'No tickets', start: '2030-03-01 10:00:00' });
    e.rsvp = await insertEvent(t, { title: 'RSVP', start: '2030-03-02 10:00:00' });
    e.commerce = await insertEvent(t, { title: 'Commerce', start: '2030-03-03 10:00:00' });
    e.paypal = await insertEvent(t, { title: 'PayPal', start: '2030-03-04 10:00:00' });
    e.trashedTicket = await insertEvent(t, { title: 'Trashed ticket', start: '2030-03-05 10:00:00' });
    e.attendeeOnly = await insertEvent(t, { title: 'Attendee only', start: '2030-03-06 10:00:00' });
    e.locked = await insertEvent(t, { title: 'Locked', start: '2030-03-07 10:00:00', password: 'sesame' });
  });
  afterAll(() => t.close());

  const listIds = async (query: string, auth?: string) => {
    const req = t.http.get(`${EVENTS}?${WINDOW}&${query}`);
    if (auth) req.set('Authorization', auth);
    const res = await req;
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return ids(res.body);
  };

  it('without ticket data: true → 400 event-tickets-not-active, false → no filter (as today)', async () => {
    const res = await t.http.get(`${EVENTS}?${WINDOW}&ticketed=true`).expect(400);
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { ticketed: expect.any(String) } } });
    expect(res.body.data.details.ticketed.code).toBe('event-tickets-not-active');
    expect(await listIds('ticketed=false')).toEqual([e.plain, e.rsvp, e.commerce, e.paypal, e.trashedTicket, e.attendeeOnly, e.locked]);
  });

  describe('with ticket data', () => {
    beforeAll(async () => {
      await insertTicket(t, 'tribe_rsvp_tickets', '_tribe_rsvp_for_event', e.rsvp);
      await insertTicket(t, 'tec_tc_ticket', '_tec_tickets_commerce_event', e.commerce);
      await insertTicket(t, 'tribe_tpp_tickets', '_tribe_tpp_for_event', e.paypal);
      await insertTicket(t, 'tribe_rsvp_tickets', '_tribe_rsvp_for_event', e.trashedTicket, 'trash');
      // Commerce attendees carry the same key: an attendee is no ticket.
      await insertTicket(t, 'tec_tc_attendee', '_tec_tickets_commerce_event', e.attendeeOnly);
      // A key of another provider on a ticket post does not link it.
      await insertTicket(t, 'tribe_rsvp_tickets', '_tec_tickets_commerce_event', e.attendeeOnly);
      await insertTicket(t, 'tribe_rsvp_tickets', '_tribe_rsvp_for_event', e.locked);
    });

    it('true → events with at least one ticket of any provider; false → the others', async () => {
      expect(await listIds('ticketed=true')).toEqual([e.rsvp, e.commerce, e.paypal]);
      expect(await listIds('ticketed=1&per_page=2')).toEqual([e.rsvp, e.commerce]);
      expect(await listIds('ticketed=false')).toEqual([e.plain, e.trashedTicket, e.attendeeOnly]);
      const res = await t.http.get(`${EVENTS}?${WINDOW}&ticketed=true`).expect(200);
      expect(res.body.total).toBe(3);
      expect(res.body.rest_url).toContain('ticketed=true');
    });

    it('combines with other filters; a locked protected event matches neither way until unlocked (issue #13)', async () => {
      expect(await listIds(`ticketed=true&include=${e.rsvp},${e.plain}`)).toEqual([e.rsvp]);
      expect(await listIds('ticketed=true&password=sesame')).toEqual([e.rsvp, e.commerce, e.paypal, e.locked]);
      expect(await listIds('ticketed=true&context=edit', ADMIN)).toEqual([e.rsvp, e.commerce, e.paypal, e.locked]);
    });

    it('still validates the value as a WordPress boolean', async () => {
      expect((await t.http.get(`${EVENTS}?ticketed=maybe`).expect(400)).body.code).toBe('rest_invalid_param');
    });
  });
});
