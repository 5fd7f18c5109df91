import { UsersService } from '../../src/auth/users.service';
import { runCommand, UsageError } from '../../src/cli/commands';
import { validateEnvironment } from '../../src/config/environment';
import { startTestApp, TestApp } from '../support/test-app';

// Issue #22 item 4: `users:create` applies WordPress's rules for a new login (`validate_username`:
// `sanitize_user( $login, true )` must leave it unchanged and not empty; `wp_insert_user`: at most 60
// characters) and refuses a `--password` shorter than ADMIN_PASSWORD's minimum, 12. Both engines.

describe('users:create input', () => {
  let t: TestApp;
  let users: UsersService;
  const create = async (login: string, password?: string) => {
    const lines: string[] = [];
    const argv = ['users:create', '--login', login, '--email', 'cli-input@example.org', '--role', 'author'];
    await runCommand(password === undefined ? argv : [...argv, '--password', password], users, (l) => lines.push(l));
    return lines;
  };
  beforeAll(async () => {
    t = await startTestApp();
    users = t.app.get(UsersService);
  });
  afterAll(() => t.close());

  it('refuses a login WordPress would sanitise into something else, and creates nobody', async () => {
    for (const login of ['<script>x', 'x<b>', 'caf\u00e9', 'a+b', 'tab\there', ' lead', 'trail ', 'two  spaces', 'pct%41', 'amp&amp;', 'a'.repeat(61)]) {
      await expect(create(login)).rejects.toThrow(UsageError);
      expect([login, await users.findByLogin(login)]).toEqual([login, undefined]);
    }
    await expect(create('<script>x')).rejects.toThrow('--login may contain only letters, digits, spaces (not at either end, one at a time) and _ . - @');
    await expect(create('a'.repeat(61))).rejects.toThrow('--login may have at most 60 characters');
  });

  it('accepts the logins WordPress accepts', async () => {
    for (const login of ['Jane Doe', 'jane.doe-2_x@example.org', 'a'.repeat(60)]) {
      expect(await create(login)).toEqual([expect.stringMatching(new RegExp(`^Created user ${login} \\(ID \\d+, author\\)$`))]);
    }
  });

  it('refuses a password shorter than ADMIN_PASSWORD may be, and takes one of that length', async () => {
    await expect(create('short-password', 'short')).rejects.toThrow('--password must have at least 12 characters');
    await expect(create('short-password', '')).rejects.toThrow('--password must have at least 12 characters');
    expect(await users.findByLogin('short-password')).toBeUndefined();
    await create('long-password', 'twelve chars');
    expect(await users.findByLogin('long-password')).toBeDefined();
    // The same minimum as ADMIN_PASSWORD.
    expect(() => validateEnvironment({ ADMIN_USER: 'admin', ADMIN_PASSWORD: 'elevenchars' })).toThrow('ADMIN_PASSWORD must be at least 12 letters or digits');
    expect(validateEnvironment({ ADMIN_USER: 'admin', ADMIN_PASSWORD: 'twelvechars1' }).ADMIN_PASSWORD).toBe('twelvechars1');
  });
});
