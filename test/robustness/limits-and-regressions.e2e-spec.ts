import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENGINE } from '../support/test-database';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// Request limits in the WordPress envelope, and one focused test per 5xx the fuzz test found.
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
});
afterAll(() => t.close());

const envelope = (status: number, code: string) => ({ code, message: expect.any(String), data: expect.objectContaining({ status }) });

/** A raw HTTP exchange (supertest cannot send headers beyond Node's limit). */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request limits', () => {
  it('refuses a body over 1 MB with 413 in the envelope', async () => {
    const res = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) }));
    expect([res.status, res.body]).toEqual([413, envelope(413, 'rest_payload_too_large')]);
  });

  it('refuses a URL over 8190 characters with 414 in the envelope', async () => {
    const res = await t.http.get(`${BASE}/events?search=${'a'.repeat(9000)}`);
    expect([res.status, res.body]).toEqual([414, envelope(414, 'rest_uri_too_long')]);
  });

  it('refuses headers over Node’s limit with 431 in the envelope', async () => {
    const res = await raw(`${BASE}/events`, { 'X-Big': 'b'.repeat(20_000) });
    expect([res.status, res.body]).toEqual([431, envelope(431, 'rest_headers_too_large')]);
  });
});

describe('fixed by the fuzz test', () => {
  it('answers JSON nested deeper than 512 levels with rest_invalid_json, not a stack overflow (500)', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).set('Content-Type', 'application/json').send(`{"title":"Deep","cost":${deep}}`);
    expect([res.status, res.body.code]).toEqual([400, 'rest_invalid_json']);
    const inString = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title: deep, start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' });
    expect(inString.status).toBe(201);
  });

  it('trims titles as PHP does: unicode spaces and the BOM are kept', async () => {
    const title = '\ufeffTitle\u00a0\u2003';
    const res = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title: ` ${title}\n`, start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' });
    const row = await t.db.sql.one<{ post_title: string }>(`SELECT post_title FROM ${t.db.sql.table('posts')} WHERE ID = ?`, [res.body.id]);
    expect(row?.post_title).toBe(title);
  });

  it('refuses a title longer than its MySQL column with 400 instead of a 500 (SQLite stores it whole)', async () => {
    const title = `long ${'é'.repeat(40_000)}`;
    const res = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title, start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' });
    if (ENGINE === 'mysql') {
      expect([res.status, res.body]).toEqual([400, envelope(400, 'db_insert_error')]);
    } else {
      expect(res.status).toBe(201);
      const row = await t.db.sql.one<{ post_title: string }>(`SELECT post_title FROM ${t.db.sql.table('posts')} WHERE ID = ?`, [res.body.id]);
      expect(row?.post_title).toBe(title);
    }
  });
});
