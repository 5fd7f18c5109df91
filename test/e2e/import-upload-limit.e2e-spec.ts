import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { ECA } from './changes-test-helpers';

const IMPORTS = `${ECA}/imports`;
const MB = 1024 * 1024;

/** An iCalendar file of one VEVENT padded to about `bytes` with X- lines (which the reader skips). */
function paddedCalendar(bytes: number, uid: string): Buffer {
  const line = `X-PADDING:${'x'.repeat(88)}\r\n`;
  const head = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//upload//EN\r\n';
  const event = `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20300601T100000Z\r\nSUMMARY:Padded\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
  return Buffer.from(head + line.repeat(Math.ceil(bytes / line.length)) + event);
}

/**
 * A multipart upload to `POST /imports` may be as large as the import's own limit (5 MB,
 * MAX_IMPORT_BYTES), read after authentication for a caller who may import; every other route keeps
 * the road's 1 MB body limit (src/app/request-road.ts, src/rest/body-parsing.ts).
 */
describe('import: a multipart upload up to the import limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a 2 MB .ics sent as a multipart file is imported, with a field of the form read too', async () => {
    const file = paddedCalendar(2 * MB, 'padded@upload');
    expect(file.length).toBeGreaterThan(2 * MB);
    const res = await t.http.post(IMPORTS).set('Authorization', ADMIN).field('status', 'draft').attach('calendar', file, 'big.ics').expect(201);
    expect(res.body).toMatchObject({ source_kind: 'file', source: 'big.ics', counts: { created: 1, failed: 0 } });
    const post = await t.db.sql.one<{ post_status: string }>(`SELECT post_status FROM ${t.db.sql.table('posts')} WHERE ID = ?`, [res.body.items[0].event_id]);
    expect(post!.post_status).toBe('draft');
  });

  it('over 5 MB is a 413 naming the import limit', async () => {
    const res = await t.http
      .post(IMPORTS)
      .set('Authorization', ADMIN)
      .attach('calendar', paddedCalendar(5 * MB + 1000, 'huge@upload'), 'huge.ics')
      .expect(413);
    expect(res.body).toMatchObject({ code: 'rest_payload_too_large', message: 'The request body is too large: the limit is 5 MB.', data: { status: 413 } });
  });

  it('a caller who may not import gets 401/403, the file unread; other routes keep the 1 MB limit', async () => {
    const file = paddedCalendar(2 * MB, 'refused@upload');
    const editor = await userWithRole(t, 'editor');
    const forbidden = await t.http.post(IMPORTS).set('Authorization', editor.auth).attach('calendar', file, 'big.ics').expect(403);
    expect(forbidden.body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    await t.http.post(IMPORTS).attach('calendar', file, 'big.ics').expect(401);

    const elsewhere = await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).field('title', 'Big').attach('image', file, 'big.ics').expect(413);
    expect(elsewhere.body).toMatchObject({ code: 'rest_payload_too_large', message: 'The request body is too large: the limit is 1 MB.' });
    const json = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title: 'Big', description: 'x'.repeat(2 * MB), start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' })
      .expect(413);
    expect(json.body.code).toBe('rest_payload_too_large');
    // The same path with another method is no upload route: the road's limit.
    await t.http.put(`${IMPORTS}/1`).set('Authorization', ADMIN).attach('calendar', file, 'big.ics').expect(413);
  });
});
