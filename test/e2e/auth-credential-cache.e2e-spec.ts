import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app/app.factory';
import { AuthService } from '../../src/auth/auth.service';
import { CredentialCache } from '../../src/auth/credential-cache.service';
import { UsersService } from '../../src/auth/users.service';
import { runCommand } from '../../src/cli/commands';
import { AppConfig } from '../../src/config/app-config';
import { validateEnvironment } from '../../src/config/environment';
import { Sql } from '../../src/database/sql';
import { UsersStore } from '../../src/wordpress/users.store';
import { createTestDatabase, ENGINE, TestDatabase } from '../support/test-database';
import { ADMIN, ADMIN_PASSWORD, ADMIN_USER, BASE, basic, SITE, startTestApp, TestApp, userWithRole } from '../support/test-app';

// Issue #19: a credential verified for a client is remembered briefly (src/auth/credential-cache.service.ts),
// so the same header again skips the throttle's two writes, the hash and the user, application-password,
// capability and role reads. Statements are counted on Sql, the one way SQL reaches the database (as
// security-auth-timing does). Both engines.

const WRONG = basic(ADMIN_USER, 'WrongPassword000000000000');
const THROTTLE = { LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_WINDOW_SECONDS: '60', TRUST_PROXY: 'loopback' };

/** Whether a statement is part of authenticating: throttle, users, their meta, the roles option. */
function authenticating(sql: string, params: unknown[] | undefined): boolean {
  return /eca_login_failures|[`"]wp_users[`"]|[`"]wp_usermeta[`"]/.test(sql) || (params ?? []).includes('wp_user_roles');
}

/** Runs `request` and returns its status with the authentication statements it ran. */
async function withStatements(request: () => PromiseLike<{ status: number; body: unknown }>) {
  const rows = jest.spyOn(Sql.prototype, 'rows');
  const run = jest.spyOn(Sql.prototype, 'run');
  try {
    const res = await request();
    const calls = [...rows.mock.calls, ...run.mock.calls] as [string, unknown[] | undefined][];
    return { status: res.status, body: res.body, auth: calls.filter(([sql, params]) => authenticating(sql, params)).map(([sql]) => sql) };
  } finally {
    rows.mockRestore();
    run.mockRestore();
  }
}

/** The request is answered 200 without any statement of authentication: from the remembered credential. */
async function expectRemembered(request: () => PromiseLike<{ status: number; body: unknown }>): Promise<void> {
  const res = await withStatements(request);
  expect({ status: res.status, auth: res.auth }).toEqual({ status: 200, auth: [] });
}

const failuresOf = async (t: TestApp, client: string) =>
  Number((await t.db.sql.one<{ failures: number }>(`SELECT failures FROM ${t.db.sql.table('eca_login_failures')} WHERE client = ?`, [client]))?.failures ?? 0);

describe('verified credentials remembered per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No list total is kept as a read model row, however slow its count on a loaded machine: keeping one
    // runs a fill, whose own look at the data version (inside its transaction) is not the request's.
    t = await startTestApp({ env: { ...THROTTLE, READ_MODEL_TOTAL_MIN_MS: '600000' } });
  });
  afterAll(() => t?.close());

  const get =
    (path: string, auth: string, ip = '198.51.100.1') =>
    () =>
      t.http.get(`${BASE}${path}`).set('X-Forwarded-For', ip).set('Authorization', auth);

  it('a second request with the same header runs no statement of authentication, and is still that user', async () => {
    const draft = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title: 'Draft', start_date: '2031-05-01 10:00', end_date: '2031-05-01 12:00', status: 'draft' })
      .expect(201);
    const other = await userWithRole(t, 'administrator', 'second-admin');
    const first = await withStatements(get(`/events/${draft.body.id}`, other.auth));
    expect(first.status).toBe(200);
    // Throttle place taken (given back with the client's next attempt, or a second later), the user
    // with its application passwords and capabilities, the roles.
    expect(first.auth.filter((s) => s.includes('eca_login_failures')).length).toBeGreaterThanOrEqual(1);
    expect(first.auth.length).toBeGreaterThanOrEqual(3);
    const second = await withStatements(get(`/events/${draft.body.id}`, other.auth));
    expect(second).toEqual({ status: 200, body: first.body, auth: [] });
    // A path this caller has not read yet (its records' rows kept by an anonymous read first): the response
    // cache's front looks at the data version, and that one look serves the rest of the request (the
    // credential cache reuses it; issue #32).
    expect((await t.http.get(`${BASE}/venues`)).status).toBe(200);
    const one = jest.spyOn(Sql.prototype, 'one');
    try {
      expect((await get('/venues', other.auth)()).status).toBe(200);
      expect(one.mock.calls.filter(([sql]) => /eca_cache_state/.test(sql))).toHaveLength(1);
    } finally {
      one.mockRestore();
    }
    // Anonymous callers still cannot see the draft: the answer above was the user's.
    expect((await t.http.get(`${BASE}/events/${draft.body.id}`)).status).not.toBe(200);
  });

  it('a wrong password is never remembered: each one is checked and counted by the throttle', async () => {
    const ip = '198.51.100.2';
    // Even while the right one of that login is remembered for the client.
    await get('', ADMIN, ip)().expect(200);
    await expectRemembered(get('', ADMIN, ip));
    for (let i = 1; i <= 3; i++) {
      const wrong = await withStatements(get('', WRONG, ip));
      expect(wrong.status).toBe(401);
      expect(wrong.auth.some((s) => s.includes('usermeta'))).toBe(true);
      expect(await failuresOf(t, ip)).toBe(i);
    }
    expect((await withStatements(get('', WRONG, ip))).status).toBe(429);
  });

  it('a client that failed here is throttled even with a header it had proved right', async () => {
    const ip = '198.51.100.3';
    await get('', ADMIN, ip)().expect(200);
    await expectRemembered(get('', ADMIN, ip));
    for (let i = 0; i < 3; i++) await get('', WRONG, ip)().expect(401);
    await get('', ADMIN, ip)().expect(429);
    // The success of another client is no way in either, and that client is not affected.
    await get('', ADMIN, '198.51.100.4')().expect(200);
    await expectRemembered(get('', ADMIN, '198.51.100.4'));
  });

  it('revoking the application password through the CLI command makes the next request 401 at once', async () => {
    const users = t.app.get(UsersService);
    const lines: string[] = [];
    await runCommand(['users:create', '--login', 'cli-user', '--email', 'cli@example.org', '--role', 'editor'], users, (l) => lines.push(l));
    await runCommand(['app-passwords:create', '--login', 'cli-user', '--name', 'laptop'], users, (l) => lines.push(l));
    const uuid = /uuid ([0-9a-f-]{36})/.exec(lines[1])![1];
    const auth = basic('cli-user', lines[2]);
    await get('', auth)().expect(200);
    await expectRemembered(get('', auth));
    await runCommand(['app-passwords:revoke', '--login', 'cli-user', '--uuid', uuid], users, () => undefined);
    await get('', auth)().expect(401);
  });

  it('creating a user drops remembered credentials (an e-mail-shaped login may now name the new user)', async () => {
    const users = t.app.get(UsersService);
    const id = await users.create({ login: 'mailer', email: 'mailer@example.org', role: 'author' });
    const { plain } = await users.addApplicationPassword(id, 'app');
    const byEmail = basic('mailer@example.org', plain);
    // A client of its own: the 401 that ends the test before counts as a failure of its client.
    await get('', byEmail, '198.51.100.5')().expect(200);
    await expectRemembered(get('', byEmail, '198.51.100.5'));
    // A login equal to that address now wins over the e-mail lookup, as in WordPress.
    await users.create({ login: 'mailer@example.org', email: 'other@example.org', role: 'author' });
    await get('', byEmail, '198.51.100.5')().expect(401);
  });

  it('a verification that began before a change is not remembered after it', async () => {
    const cache = t.app.get(CredentialCache);
    const editor = await userWithRole(t, 'editor', 'racing-editor');
    const caller = await t.app.get(AuthService).authenticate(editor.auth);
    const ticket = cache.ticket(await cache.lookForChanges());
    await t.app.get(UsersService).addApplicationPassword(editor.id, 'meanwhile');
    cache.remember(ticket, editor.auth, '198.51.100.9', caller);
    expect(cache.get(editor.auth, '198.51.100.9')).toBeUndefined();
    // The same verification begun after the change is remembered.
    cache.remember(cache.ticket(await cache.lookForChanges()), editor.auth, '198.51.100.9', caller);
    expect(cache.get(editor.auth, '198.51.100.9')).toBe(caller);
  });
});

describe('a client throttled through another instance', () => {
  let dir: string | undefined;
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (ENGINE === 'mysql') database = await createTestDatabase();
    else {
      dir = mkdtempSync(join(tmpdir(), 'eca-credentials-'));
      database = { url: `sqlite:${join(dir, 'shared.sqlite')}`, name: 'shared', drop: async () => undefined };
    }
    a = await startTestApp({ database, env: THROTTLE });
    b = await startTestApp({ database, env: THROTTLE });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const from = (t: TestApp, ip: string, auth: string) => t.http.get(BASE).set('X-Forwarded-For', ip).set('Authorization', auth);

  it('cannot use the header another client proved right on this one', async () => {
    await from(a, '203.0.113.20', ADMIN).expect(200);
    await expectRemembered(() => from(a, '203.0.113.20', ADMIN));
    for (let i = 0; i < 3; i++) await from(b, '203.0.113.21', WRONG).expect(401);
    await from(a, '203.0.113.21', ADMIN).expect(429);
  });
});

describe('AUTH_CACHE_SECONDS', () => {
  let short: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    short = await startTestApp({ env: { AUTH_CACHE_SECONDS: '1' } });
    off = await startTestApp({ env: { AUTH_CACHE_SECONDS: '0' } });
  });
  afterAll(async () => {
    await short?.close();
    await off?.close();
  });

  it('re-verifies an entry once it is AUTH_CACHE_SECONDS old: a change made behind the service is seen then', async () => {
    const editor = await userWithRole(short, 'editor');
    const get = () => short.http.get(BASE).set('Authorization', editor.auth);
    expect((await withStatements(get)).auth.length).toBeGreaterThan(0);
    await expectRemembered(get);
    // What WordPress (or another instance) does: the rows change, this instance is not told.
    await short.db.transaction(() => short.app.get(UsersStore).saveApplicationPasswords(editor.id, []));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await withStatements(get);
    expect(later.status).toBe(401);
    expect(later.auth.length).toBeGreaterThan(0);
  });

  it('0 checks every request', async () => {
    expect(off.app.get(AppConfig).authCacheSeconds).toBe(0);
    for (let i = 0; i < 3; i++) {
      const res = await withStatements(() => off.http.get(BASE).set('Authorization', ADMIN));
      expect(res.status).toBe(200);
      // The throttle's place taken (giving back the one of the login before), the user with its
      // application passwords and capabilities: every time. The roles are a site setting, read with
      // the others (shared as they are).
      expect(res.auth.filter((sql) => !/wp_options/.test(sql))).toHaveLength(2);
    }
  });

  it('0: the logins of callers with the same capabilities share one set, and a change of them behind the service is seen at the next login', async () => {
    const auth = off.app.get(AuthService);
    const editor = await userWithRole(off, 'editor', 'editor-shared');
    const other = await userWithRole(off, 'editor', 'editor-other');
    const subscriber = await userWithRole(off, 'subscriber', 'subscriber-promoted');
    const first = await auth.authenticate(editor.auth);
    // Computed once per pair of capabilities text and roles (auth.service.ts, sharedCapabilities).
    expect((await auth.authenticate(editor.auth)).capabilities).toBe(first.capabilities);
    expect((await auth.authenticate(other.auth)).capabilities).toBe(first.capabilities);
    expect(first.capabilities.has('edit_tribe_events')).toBe(true);
    const post = () =>
      off.http
        .post(`${BASE}/events`)
        .set('Authorization', subscriber.auth)
        .send({ title: 'Promoted', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' });
    expect((await post()).status).toBe(403);
    expect((await auth.authenticate(subscriber.auth)).capabilities).not.toBe(first.capabilities);
    // What wp-admin does on promoting a user: its `{prefix}capabilities` row changes, this instance is not told.
    await off.db.sql.run(`UPDATE ${off.db.sql.table('usermeta')} SET meta_value = ? WHERE user_id = ? AND meta_key = ?`, [
      'a:1:{s:6:"editor";b:1;}',
      subscriber.id,
      `${off.app.get(AppConfig).tablePrefix}capabilities`,
    ]);
    expect((await auth.authenticate(subscriber.auth)).capabilities).toBe(first.capabilities);
    expect((await post()).status).toBe(201);
  });

  it('is validated at start-up', () => {
    expect(() => validateEnvironment({ AUTH_CACHE_SECONDS: '-1' })).toThrow(/AUTH_CACHE_SECONDS/);
    expect(validateEnvironment({}).AUTH_CACHE_SECONDS).toBe(10);
  });
});

describe('the log of remembered logins', () => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: NestExpressApplication;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createApp({ DATABASE_URL: database.url, SITE_URL: SITE, ADMIN_USER, ADMIN_PASSWORD, LOG_LEVEL: 'verbose' }, [], {
      logDestination: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('never holds the header, its password or its digest, and names the remembered user', async () => {
    const auth = basic(ADMIN_USER, ADMIN_PASSWORD);
    const http = request(app.getHttpServer());
    await http.get(BASE).set('Authorization', auth).set('X-Request-Id', 'first-login').expect(200);
    await expectRemembered(() => http.get(BASE).set('Authorization', auth).set('X-Request-Id', 'remembered-login'));
    await http.get(BASE).set('Authorization', WRONG).expect(401);
    const log = lines.join('\n');
    const encoded = auth.slice('Basic '.length);
    for (const secret of [auth, encoded, ADMIN_PASSWORD, createHash('sha256').update(auth).digest('base64')]) expect(log).not.toContain(secret);
    const admin = await app.get(UsersService).findByLogin(ADMIN_USER);
    const line = lines.map((l) => JSON.parse(l) as { req?: { id: string }; user?: number }).find((r) => r.req?.id === 'remembered-login');
    expect(line?.user).toBe(admin!.ID);
  });
});
