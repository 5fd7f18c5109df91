import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// Issue #18: every 400 names each bad parameter and says why in `data.params.{name}`, with the codes
// and statuses unchanged. Both engines.

describe('errors that explain themselves', () => {
  let database: TestDatabase;
  let t: TestApp;
  let privateVenue: number;
  let author: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await startTestApp({ database });
    privateVenue = (await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Back Room', status: 'private' }).expect(201)).body.id;
    author = (await userWithRole(t, 'author')).auth;
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  const event = { title: 'Reasons', start_date: '2031-05-01 10:00:00', end_date: '2031-05-01 11:00:00' };
  /** The 400 of a request, checked for the unchanged code and shape; its reasons. */
  const reasons = async (request: Promise<{ status: number; body: { code: string; data: { status: number; params: Record<string, string> } } }>) => {
    const res = await request;
    expect([res.status, res.body.code, res.body.data.status]).toEqual([400, 'rest_invalid_param', 400]);
    return res.body.data.params;
  };
  const create = (body: Record<string, unknown>, auth = ADMIN) =>
    t.http
      .post(`${BASE}/events`)
      .set('Authorization', auth)
      .send({ ...event, ...body });

  it('an event write: a date, a time zone, a venue, an image, a status, all reported together', async () => {
    const params = await reasons(create({ start_date: 'next tuesdya', timezone: 'Mars/Olympus', venue: 999999, image: 'not an image', status: 'published' }));
    expect(params).toEqual({
      start_date: 'start_date is not a date or time: "next tuesdya".',
      timezone: 'timezone is not a known time zone (use a name such as Europe/Paris, or UTC+2): "Mars/Olympus".',
      image: 'image is not an attachment ID or an absolute URL: "not an image".',
      status: 'status is not one of publish, future, draft, pending, private: "published".',
    });
    // The database checks come once the values are well-formed.
    expect(await reasons(create({ venue: 999999, image: '424242' }))).toEqual({
      venue: 'venue: no venue you may read has the ID 999999.',
      image: 'attachment 424242 is not an image',
    });
  });

  it('absurd dates say they are out of range; a private venue reads like a missing one to those who cannot see it', async () => {
    expect(await reasons(create({ start_date: '9999-12-31 23:00:00', end_date: '+1000000000 years' }))).toEqual({
      end_date: 'end_date is not a date or time: "+1000000000 years".',
    });
    // Written within range, but past year 9999 once in the event's time zone.
    expect(await reasons(create({ start_date: '9999-12-31 20:00:00 UTC', end_date: '9999-12-31 21:00:00 UTC', timezone: 'Pacific/Kiritimati' }))).toEqual({
      start_date: 'start_date falls outside the years 1000 to 9999.',
    });
    expect(await reasons(create({ venue: privateVenue }, author))).toEqual({ venue: `venue: no venue you may read has the ID ${privateVenue}.` });
    // Its owner links it.
    await create({ venue: privateVenue }).expect(201);
  });

  it('an inline venue carries the reasons of its own fields; an event has one venue', async () => {
    expect(await reasons(create({ venue: { venue: 'Inline', website: 'nope' } }))).toEqual({
      venue: 'venue (inline): website is not an absolute URL: "nope".',
    });
    expect(await reasons(create({ venue: [1, 2] }))).toEqual({ venue: 'venue: an event has one venue; 2 were given.' });
    expect(await reasons(create({ organizer: [true] }))).toEqual({ organizer: 'organizer: true is neither an ID nor an object describing the organizer.' });
  });

  it('list filters: paging, dates, statuses, unknown terms and records', async () => {
    const list = (query: string) => t.http.get(`${BASE}/events?${query}`);
    expect(await reasons(list('page=abc&per_page=0'))).toEqual({
      page: 'page is not of type integer.',
      per_page: 'per_page must be a whole number of 1 or more: 0.',
    });
    expect(await reasons(list('start_date=someday'))).toEqual({ start_date: 'start_date is not a date or time: "someday".' });
    expect(await reasons(list('categories=no-such-category&tags=999999&venue=999999&organizer=abc'))).toEqual({
      organizer: 'organizer must list IDs: ["abc"].',
    });
    expect(await reasons(list('categories=no-such-category&tags=999999&venue=999999'))).toEqual({
      categories: 'categories: no event category has the ID, slug or name "no-such-category".',
      tags: 'tags: no tag has the ID, slug or name "999999".',
      venue: 'venue: no venue has the ID 999999.',
    });
    expect(await reasons(list('status=draft'))).toEqual({ status: 'status: only publish can be listed without the right to edit these records.' });
    expect(await reasons(t.http.get(`${BASE}/events?status=bogus`).set('Authorization', ADMIN))).toEqual({
      status: expect.stringMatching(/^status: unknown status "bogus"/),
    });
  });

  it('a long value is quoted cut short', async () => {
    const long = 'x'.repeat(5000);
    const params = await reasons(t.http.get(`${BASE}/events?start_date=${long}`));
    expect(params.start_date.length).toBeLessThan(120);
    expect(params.start_date).toMatch(/^start_date is not a date or time: "x+…\.$/);
  });

  it('by-slug and by-ID addresses say what they looked for', async () => {
    expect(await reasons(t.http.get(`${BASE}/events/by-slug/no-such-event`))).toEqual({ slug: 'slug: no event has the slug "no-such-event".' });
    expect(await reasons(t.http.get(`${BASE}/organizers/by-slug/%21%21`))).toEqual({
      slug: 'slug: "!!" leaves nothing once made a slug (letters, digits and dashes).',
    });
    expect(await reasons(t.http.get(`${BASE}/categories/424242`))).toEqual({ id: 'id: no event category has the ID 424242.' });
  });
});
