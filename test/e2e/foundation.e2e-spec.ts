import { WORDPRESS_TABLES } from '../support/wordpress-tables';
import { ADMIN_PASSWORD, ADMIN_USER, basic, startTestApp, TestApp } from '../support/test-app';

describe('foundation: boot, auth and the base route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates the WordPress schema on an empty database and answers the base route', async () => {
    const res = await t.http.get('/wp-json/tribe/events/v1').expect(200);
    expect(res.body.namespace).toBe('tribe/events/v1');
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    const tables = t.db.isMysql
      ? await t.db.sql.rows<{ n: string }>('SELECT table_name AS n FROM information_schema.tables WHERE table_schema = DATABASE()')
      : await t.db.sql.rows<{ n: string }>("SELECT name AS n FROM sqlite_master WHERE type = 'table'");
    const names = tables.map((r) => r.n);
    for (const table of WORDPRESS_TABLES) {
      expect(names).toContain(`wp_${table}`);
    }
  });

  it('seeds the options of a fresh site', async () => {
    const rows = await t.db.sql.rows<{ option_name: string; option_value: string }>(
      `SELECT option_name, option_value FROM ${t.db.sql.table('options')} WHERE option_name IN ('posts_per_page', 'timezone_string', 'wp_user_roles', 'using_application_passwords')`,
    );
    const options = Object.fromEntries(rows.map((r) => [r.option_name, r.option_value]));
    expect(options.posts_per_page).toBe('10');
    expect(options.timezone_string).toBe('UTC');
    expect(options.using_application_passwords).toBe('1');
    expect(options.wp_user_roles).toContain('s:13:"administrator"');
    expect(options.wp_user_roles).toContain('publish_tribe_events');
  });

  it('bootstraps the administrator with a hashed application password', async () => {
    const user = await t.db.sql.one<{ ID: number; user_pass: string }>(`SELECT ID, user_pass FROM ${t.db.sql.table('users')} WHERE user_login = ?`, [
      ADMIN_USER,
    ]);
    expect(user).toBeDefined();
    expect(user!.user_pass).toMatch(/^\$wp\$2y\$10\$/);
    const meta = await t.db.sql.rows<{ meta_key: string; meta_value: string }>(
      `SELECT meta_key, meta_value FROM ${t.db.sql.table('usermeta')} WHERE user_id = ?`,
      [user!.ID],
    );
    const byKey = Object.fromEntries(meta.map((m) => [m.meta_key, m.meta_value]));
    expect(byKey.wp_capabilities).toBe('a:1:{s:13:"administrator";b:1;}');
    expect(byKey.wp_user_level).toBe('10');
    expect(byKey._application_passwords).toMatch(/s:8:"password";s:\d+:"\$generic\$/);
    expect(byKey._application_passwords).not.toContain(ADMIN_PASSWORD);
  });

  it('logs the administrator in with the application password, spaces or not', async () => {
    const res = await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic(ADMIN_USER, ADMIN_PASSWORD)).expect(200);
    expect(res.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(res.headers['expires']).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
    const spaced = ADMIN_PASSWORD.replace(/(.{4})/g, '$1 ').trim();
    await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic(ADMIN_USER, spaced)).expect(200);
    await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('admin@localhost', ADMIN_PASSWORD)).expect(200);
  });

  it('answers every failed login with the same 401, on any route, before routing', async () => {
    const attempts = [basic(ADMIN_USER, 'WrongPassword123'), basic('nobody', ADMIN_PASSWORD), basic('nobody@example.org', ADMIN_PASSWORD)];
    const bodies = [];
    for (const header of attempts) {
      const res = await t.http.get('/wp-json/no/such/route').set('Authorization', header).expect(401);
      bodies.push(res.body);
    }
    expect(bodies[0]).toEqual({ code: 'incorrect_password', message: expect.any(String), data: { status: 401 } });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('treats a non-Basic or undecodable Authorization header as anonymous', async () => {
    const bearer = await t.http.get('/wp-json/tribe/events/v1').set('Authorization', 'Bearer abc').expect(200);
    // Anonymous: the public caching policy (docs/caching.md), not the authenticated no-store.
    expect(bearer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    await t.http
      .get('/wp-json/tribe/events/v1')
      .set('Authorization', `Basic ${Buffer.from('nocolon').toString('base64')}`)
      .expect(200);
  });

  it('sends the standard WordPress headers', async () => {
    const res = await t.http.get('/wp-json/tribe/events/v1').expect(200);
    expect(res.headers['link']).toBe('<http://127.0.0.1:3000/wp-json/>; rel="https://api.w.org/"');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-expose-headers']).toBe('X-WP-Total, X-WP-TotalPages, Link, X-TEC-Total, X-TEC-TotalPages');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type');
  });

  it('is idempotent across restarts on the same database', async () => {
    const count = async () => (await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('users')}`))!.n;
    const before = await count();
    const second = await startTestApp({ database: t.database });
    await second.app.close();
    expect(Number(await count())).toBe(Number(before));
  });
});

describe('first run without ADMIN_USER', () => {
  it('creates an administrator on an empty database and prints its application password once', async () => {
    const printed: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const t = await startTestApp({ env: { ADMIN_USER: '', ADMIN_PASSWORD: '' } });
    write.mockRestore();
    try {
      const password = /application password\n\n {4}([A-Za-z0-9]{24})\n/.exec(printed.join(''))?.[1];
      expect(password).toBeDefined();
      await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('admin', password!)).expect(200);
      const stored = await t.db.sql.one<{ meta_value: string }>(
        `SELECT meta_value FROM ${t.db.sql.table('usermeta')} WHERE meta_key = '_application_passwords'`,
      );
      expect(stored!.meta_value).not.toContain(password);
    } finally {
      await t.close();
    }
  });
});
