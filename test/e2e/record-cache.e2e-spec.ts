import { Sql } from '../../src/database/sql';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, EVENTS, insertEvent, insertLinked, Login, userWithRole } from './events-test-helpers';

/**
 * Issue #19: the caller-independent representation of a record is shared by the requests of one data
 * version (src/cache/record-cache.ts), with what depends on the caller applied per request; a write
 * through the API retires it for every caller at once (docs/caching.md).
 */
describe('record cache: representations shared under the data version', () => {
  let t: TestApp;
  let subscriber: Login;
  let venue: number;
  let open: number;
  let guarded: number;
  const WINDOW = 'start_date=2031-01-01&end_date=2031-12-31';

  beforeAll(async () => {
    t = await startTestApp();
    subscriber = await userWithRole(t, 'subscriber');
    venue = await insertLinked(t, 'tribe_venue', 'Cached Hall');
    const organizer = await insertLinked(t, 'tribe_organizer', 'Cached Host');
    open = await insertEvent(t, { title: 'Open Evening', content: 'Words for all.', venue, organizers: [organizer], start: '2031-04-01 19:00:00' });
    guarded = await insertEvent(t, { title: 'Guarded Evening', content: 'Words for the few.', password: 'Sesame', venue, start: '2031-04-02 19:00:00' });
  });
  afterAll(() => t.close());

  /** The SQL statements (reads) a request runs, and its answer. */
  /** Statements that read records' meta or terms (not the list's filters). */
  const recordReads = (statements: string[]) =>
    statements.filter((text) => /FROM\W+\w*postmeta\W+(FORCE INDEX \(post_id\) )?WHERE post_id IN|term_relationships/.test(text));

  async function counted(path: string, auth?: string): Promise<{ statements: string[]; body: unknown }> {
    const spy = jest.spyOn(Sql.prototype, 'rows');
    try {
      const get = t.http.get(path);
      const response = await (auth ? get.set('Authorization', auth) : get).expect(200);
      return { statements: spy.mock.calls.map(([text]) => text), body: response.body };
    } finally {
      spy.mockRestore();
    }
  }

  it('a second authenticated read of the same page runs fewer statements, and none for the records', async () => {
    // Credentials and site options are remembered by then: the difference is the records.
    await t.http.get(`${BASE}/categories`).set('Authorization', ADMIN).expect(200);
    const first = await counted(`${EVENTS}?${WINDOW}`, ADMIN);
    const second = await counted(`${EVENTS}?${WINDOW}`, ADMIN);
    expect(second.body).toEqual(first.body);
    expect(second.statements.length).toBeLessThan(first.statements.length);
    expect(recordReads(first.statements).length).toBeGreaterThan(0);
    expect(recordReads(second.statements)).toEqual([]);
  });

  it('a single read after a page read reuses the event and its venue', async () => {
    await counted(`${EVENTS}?${WINDOW}`, ADMIN);
    const single = await counted(`${EVENTS}/${open}`, ADMIN);
    expect((single.body as { title: string }).title).toBe('Open Evening');
    expect(recordReads(single.statements)).toEqual([]);
  });

  it.each([
    ['authenticated', ADMIN],
    ['anonymous', undefined],
  ])('a write through the API is seen by the next %s read at once', async (_kind, auth) => {
    const read = async (path: string) => (await counted(path, auth)).body as Record<string, any>;
    const title = `Renamed ${Math.random().toString(36).slice(2, 8)}`;
    const hall = `Hall ${Math.random().toString(36).slice(2, 8)}`;
    await read(`${EVENTS}/${open}`);
    await read(`${EVENTS}?${WINDOW}`);
    await t.http.post(`${EVENTS}/${open}`).set('Authorization', ADMIN).send({ title }).expect(200);
    expect((await read(`${EVENTS}/${open}`)).title).toBe(title);
    expect((await read(`${EVENTS}?${WINDOW}`)).events.map((e: { title: string }) => e.title)).toContain(title);
    await t.http.post(`${BASE}/venues/${venue}`).set('Authorization', ADMIN).send({ venue: hall }).expect(200);
    expect((await read(`${EVENTS}/${open}`)).venue.venue).toBe(hall);
    expect((await read(`${EVENTS}?${WINDOW}`)).events.find((e: { id: number }) => e.id === open).venue.venue).toBe(hall);
  });

  it('callers with different rights get their own answers from the same shared records', async () => {
    const guardedOf = async (path: string, auth?: string) =>
      ((await counted(path, auth)).body as { events: Record<string, any>[] }).events.find((e) => e.id === guarded)!;
    const asSubscriber = await guardedOf(`${EVENTS}?${WINDOW}`, subscriber.auth);
    const asEditor = await guardedOf(`${EVENTS}?${WINDOW}&context=edit`, ADMIN);
    const withPassword = await guardedOf(`${EVENTS}?${WINDOW}&password=Sesame`);
    const anonymous = await guardedOf(`${EVENTS}?${WINDOW}`);
    const again = await guardedOf(`${EVENTS}?${WINDOW}`, subscriber.auth);
    expect(asSubscriber.description).toBe('');
    expect(asSubscriber.venue).toEqual([]);
    expect(asEditor.description).toContain('Words for the few.');
    expect(asEditor.venue.id).toBe(venue);
    expect(withPassword.description).toContain('Words for the few.');
    expect(anonymous.description).toBe('');
    expect(again).toEqual(asSubscriber);

    // Single reads: the administrator's answer carries json_ld, a caller without the password gets 403.
    const single = await t.http.get(`${EVENTS}/${open}`).set('Authorization', ADMIN).expect(200);
    expect(single.body.json_ld).toBeDefined();
    await t.http.get(`${EVENTS}/${guarded}`).set('Authorization', subscriber.auth).expect(403);
    const unlocked = await t.http.get(`${EVENTS}/${guarded}?password=Sesame`).set('Authorization', subscriber.auth).expect(200);
    expect(unlocked.body.description).toContain('Words for the few.');
  });
});
