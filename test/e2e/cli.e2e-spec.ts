import { UsersService } from '../../src/auth/users.service';
import { runCommand, UsageError } from '../../src/cli/commands';
import { basic, startTestApp, TestApp } from '../support/test-app';

describe('the users and application-passwords CLI', () => {
  let t: TestApp;
  let users: UsersService;
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runCommand(argv, users, (l) => lines.push(l));
    return lines;
  };
  beforeAll(async () => {
    t = await startTestApp();
    users = t.app.get(UsersService);
  });
  afterAll(() => t.close());

  it('creates a user with a role WordPress reads back', async () => {
    const out = await run('users:create', '--login', 'editor9', '--email', 'e9@example.org', '--role', 'editor');
    expect(out[0]).toMatch(/^Created user editor9 \(ID \d+, editor\)$/);
    const row = await t.db.sql.one<{ meta_value: string }>(
      `SELECT meta_value FROM ${t.db.sql.table('usermeta')} m JOIN ${t.db.sql.table('users')} u ON u.ID = m.user_id WHERE u.user_login = ? AND m.meta_key = 'wp_capabilities'`,
      ['editor9'],
    );
    expect(row!.meta_value).toBe('a:1:{s:6:"editor";b:1;}');
    const listed = await run('users:list');
    expect(listed[0]).toMatch(/^ID +LOGIN +E-MAIL +ROLES +REGISTERED$/);
    expect(listed).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ +editor9 +e9@example\.org +editor +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)]));
  });

  it('creates an application password shown once, which then logs in, and revokes it', async () => {
    const out = await run('app-passwords:create', '--login', 'editor9', '--name', 'laptop');
    const uuid = /uuid ([0-9a-f-]{36})/.exec(out[0])![1];
    const password = out[1];
    expect(password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('editor9', password)).expect(200);

    const listed = await run('app-passwords:list', '--login', 'editor9');
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(/^UUID +NAME +CREATED \(UTC\) +LAST USED \(UTC\)$/);
    expect(listed[1]).toMatch(new RegExp(`^${uuid} +laptop +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +(never|\\d{4}-)`));
    expect(listed[1]).not.toContain(password.replace(/ /g, ''));

    expect(await run('app-passwords:revoke', '--login', 'editor9', '--uuid', uuid)).toEqual([`Revoked ${uuid}`]);
    await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('editor9', password)).expect(401);
  });

  it('rejects bad usage with a clear message', async () => {
    await expect(run('users:create', '--login', 'x')).rejects.toThrow(UsageError);
    await expect(run('users:create', '--login', 'x', '--email', 'x@y.z', '--role', 'king')).rejects.toThrow(/--role must be one of/);
    await expect(run('app-passwords:create', '--login', 'ghost')).rejects.toThrow(/No user with login "ghost"/);
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command/);
    await expect(run('users:create', '--login', 'editor9', '--email', 'a@b.c', '--role', 'author')).rejects.toThrow(/already exists/);
  });
});
