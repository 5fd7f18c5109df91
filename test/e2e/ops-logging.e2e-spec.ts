import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app/app.factory';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { ADMIN, ADMIN_PASSWORD, ADMIN_USER, BASE, SITE } from '../support/test-app';
import { UsersService } from '../../src/auth/users.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('structured JSON logs and request ids', () => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: NestExpressApplication;
  let http: TestAgent;
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, any>);

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createApp({ DATABASE_URL: database.url, SITE_URL: SITE, ADMIN_USER, ADMIN_PASSWORD, LOG_LEVEL: 'verbose' }, [], {
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    http = request(app.getHttpServer());
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('writes every line as JSON, Nest bootstrap messages included', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const record of records()) expect(record).toEqual(expect.objectContaining({ level: expect.any(String), time: expect.any(String) }));
    expect(records().some((r) => r.context === 'NestApplication')).toBe(true);
  });

  it('logs one line per request with id, method, path, status and time, and echoes the id', async () => {
    const res = await http.get(`${BASE}/venues?per_page=2`).set('X-Request-Id', 'trace-abc.123').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-abc.123');
    // The same read again is a response-cache hit, answered before Express: logged the same way.
    const hit = await http.get(`${BASE}/venues?per_page=2`).set('X-Request-Id', 'trace-abc.124').expect(200);
    expect(hit.headers['x-request-id']).toBe('trace-abc.124');
    const line = records().filter((r) => r.req?.id === 'trace-abc.123');
    expect(line).toHaveLength(1);
    expect(records().filter((r) => r.req?.id === 'trace-abc.124')).toEqual([
      expect.objectContaining({ level: 'info', req: { id: 'trace-abc.124', method: 'GET', path: `${BASE}/venues` }, res: { status: 200 }, msg: line[0].msg }),
    ]);
    expect(line[0]).toMatchObject({
      level: 'info',
      req: { id: 'trace-abc.123', method: 'GET', path: `${BASE}/venues` },
      res: { status: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('generates a UUID when the incoming id is absent or not sane', async () => {
    const none = await http.get(`${BASE}/tags`).expect(200);
    expect(none.headers['x-request-id']).toMatch(UUID);
    const bad = await http.get(`${BASE}/tags`).set('X-Request-Id', 'has spaces and "quotes"').expect(200);
    expect(bad.headers['x-request-id']).toMatch(UUID);
    const long = await http.get(`${BASE}/tags`).set('X-Request-Id', 'x'.repeat(200)).expect(200);
    expect(long.headers['x-request-id']).toMatch(UUID);
    // Errors carry the id too.
    const missing = await http.get(`${BASE}/nothing`).expect(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    expect(records().find((r) => r.req?.id === missing.headers['x-request-id'])?.res).toEqual({ status: 404 });
  });

  it('never writes application passwords, Authorization headers or password parameters', async () => {
    const users = app.get(UsersService);
    const id = await users.create({ login: 'logger-editor', email: 'logger-editor@example.org', role: 'editor' });
    const { plain } = await users.addApplicationPassword(id, 'test');
    const editor = `Basic ${Buffer.from(`logger-editor:${plain}`).toString('base64')}`;
    await http.get(BASE).set('Authorization', editor).expect(200);
    await http.get(BASE).set('Authorization', ADMIN).expect(200);
    await http
      .get(BASE)
      .set('Authorization', `Basic ${Buffer.from('admin:WrongGuess99999').toString('base64')}`)
      .expect(401);
    const venue = await http.post(`${BASE}/venues?password=QuerySecret77`).set('Authorization', editor).send({ venue: 'V', password: 'BodySecret88' });
    expect(venue.status).toBe(201);
    await http.get(`${BASE}/venues/${venue.body.id}?password=ReadSecret66`).expect(200);
    await http.post(`${BASE}/venues`).set('Authorization', editor).type('form').send({ venue: 'W', password: 'FormSecret55' }).expect(201);
    await http
      .post(`${BASE}/venues`)
      .set('Authorization', editor)
      .set('Content-Type', 'application/json')
      .send('{"venue": "broken", "password": "JsonSecret44"')
      .expect(400);

    const log = lines.join('');
    expect(records().filter((r) => r.user === id).length).toBeGreaterThanOrEqual(2);
    for (const secret of [
      plain,
      ADMIN_PASSWORD,
      'WrongGuess99999',
      editor.slice(6),
      ADMIN.slice(6),
      'QuerySecret77',
      'BodySecret88',
      'ReadSecret66',
      'FormSecret55',
      'JsonSecret44',
      '$generic$',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
