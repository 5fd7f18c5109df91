import { UsersService } from '../../src/auth/users.service';
import { Sql } from '../../src/database/sql';
import { ADMIN, ADMIN_USER, BASE, basic, startTestApp, TestApp, userWithRole } from '../support/test-app';

// Issue #19: a caller whose exact credentials the credential cache vouches for gets its repeated reads
// answered by the response cache's front, before Express (src/cache/cacheable-request.ts), with the
// same staleness rule as anonymous answers: the data version, RESPONSE_CACHE_TTL_SECONDS, and the
// credential cache's AUTH_CACHE_SECONDS. Answers are kept per credential and never cross callers.

const EVENTS = `${BASE}/events`;
const WINDOW = 'start_date=2030-01-01&end_date=2030-12-31';

/** The statements a request ran on Sql (the one way SQL reaches the database), with its answer. */
async function withStatements(request: () => PromiseLike<{ status: number; body: any; headers: Record<string, string> }>) {
  const spies = [jest.spyOn(Sql.prototype, 'rows'), jest.spyOn(Sql.prototype, 'run')];
  try {
    const res = await request();
    const statements = spies.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
    return { res, statements };
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
}

describe('authenticated answers of a vouched credential, kept by the response cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600', AUTH_CACHE_SECONDS: '3600' } });
  });
  afterAll(() => t.close());

  const draftEvent = async (title: string) =>
    (
      await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ title, status: 'draft', start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 11:00:00' })
        .expect(201)
    ).body.id as number;

  it('answers a repeated read before Express: only the data version is read, with the private headers and a new request id', async () => {
    const id = await draftEvent('Kept draft');
    const url = `${EVENTS}/${id}`;
    const first = await t.http.get(url).set('Authorization', ADMIN).expect(200);
    const { res: second, statements } = await withStatements(() => t.http.get(url).set('Authorization', ADMIN).set('X-Request-Id', 'auth-hit'));
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(statements).toEqual([expect.stringMatching(/^SELECT group_concat\(version.*\bFROM \S*eca_cache_state/i)]);
    expect(second.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(second.headers.expires).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-request-id']).toBe('auth-hit');
    // HEAD shares the entry; a matching If-None-Match is a 304.
    expect((await t.http.head(url).set('Authorization', ADMIN).expect(200)).headers.etag).toBe(first.headers.etag);
    await t.http.get(url).set('Authorization', ADMIN).set('If-None-Match', first.headers.etag).expect(304);
  });

  it('never hands one caller the answer kept for another, nor for the anonymous caller', async () => {
    const id = await draftEvent('Private draft');
    const url = `${EVENTS}/${id}`;
    const author = await userWithRole(t, 'author', 'other-author');
    for (let i = 0; i < 2; i++) {
      expect((await t.http.get(url).set('Authorization', ADMIN).expect(200)).body.title).toBe('Private draft');
      expect((await t.http.get(url).set('Authorization', author.auth)).status).toBe(403);
      expect((await t.http.get(url)).status).toBe(403);
    }
    // One list URL, a different answer per caller: the administrator sees the draft, the author does not.
    const list = `${EVENTS}?${WINDOW}&search=Private`;
    const count = async (auth?: string) => {
      const req = t.http.get(list);
      return (await (auth ? req.set('Authorization', auth) : req).expect(200)).body.events.length;
    };
    expect([await count(ADMIN), await count(author.auth), await count(), await count(ADMIN), await count(author.auth), await count()]).toEqual([
      1, 0, 0, 1, 0, 0,
    ]);
  });

  it('still refuses a wrong password for a user whose right one is kept', async () => {
    const url = `${EVENTS}?${WINDOW}`;
    await t.http.get(url).set('Authorization', ADMIN).expect(200);
    await t.http.get(url).set('Authorization', ADMIN).expect(200);
    expect((await t.http.get(url).set('Authorization', basic(ADMIN_USER, 'WrongPassword000000000000'))).status).toBe(401);
  });

  it('shows a write made through the service at once', async () => {
    const id = await draftEvent('Before');
    const url = `${EVENTS}/${id}`;
    await t.http.get(url).set('Authorization', ADMIN).expect(200);
    await t.http.get(url).set('Authorization', ADMIN).expect(200);
    await t.http.post(url).set('Authorization', ADMIN).send({ title: 'After' }).expect(200);
    expect((await t.http.get(url).set('Authorization', ADMIN).expect(200)).body.title).toBe('After');
  });

  it('drops a revoked application password at once, kept answers included', async () => {
    const editor = await userWithRole(t, 'editor', 'revoked-editor');
    const url = `${EVENTS}?${WINDOW}`;
    await t.http.get(url).set('Authorization', editor.auth).expect(200);
    await t.http.get(url).set('Authorization', editor.auth).expect(200);
    const users = t.app.get(UsersService);
    for (const item of await users.listApplicationPasswords(editor.id)) await users.revokeApplicationPassword(editor.id, item.uuid);
    expect((await t.http.get(url).set('Authorization', editor.auth)).status).toBe(401);
  });
});
