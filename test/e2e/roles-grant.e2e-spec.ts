import { readFileSync } from 'node:fs';
import { RoleMap } from '../../src/auth/capabilities';
import { UsersService } from '../../src/auth/users.service';
import { runCommand, UsageError, USAGE } from '../../src/cli/commands';
import { OptionsStore } from '../../src/wordpress/options.store';
import { phpUnserialize } from '../../src/wordpress/php-serialization';
import { bumpCacheVersion } from '../support/data-version';
import { FIXTURE_SQL } from '../support/fixture-paths';
import { ADMIN, EXAMPLE_BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';

const SERIES = `${EXAMPLE_BASE}/series`;
const ROLES_OPTION = 'wp_user_roles';

/**
 * `npm run cli -- roles:grant` on an existing database: the site's roles were stored before the example
 * resource existed (the fixture site's own option, plus grants and refusals of the site's own), so its
 * capabilities are missing until the command adds them — and only them.
 */
describe('npm run cli -- roles:grant', () => {
  let t: TestApp;
  let editor: string;
  let author: string;
  const lines: string[] = [];
  const grant = async () => {
    lines.length = 0;
    await runCommand(['roles:grant'], t.app.get(UsersService), (line) => lines.push(line), t.app);
  };
  const storedRoles = async () => (await t.app.get(OptionsStore).getRaw([ROLES_OPTION])).get(ROLES_OPTION);

  beforeAll(async () => {
    t = await startTestApp();
    editor = (await userWithRole(t, 'editor')).auth;
    author = (await userWithRole(t, 'author')).auth;
    // The roles as the fixture site stored them (before the example resource), with the site's own changes.
    const roles = phpUnserialize<RoleMap>(/'wp_user_roles','((?:[^'\\]|\\.)*)'/.exec(readFileSync(FIXTURE_SQL, 'utf8'))![1].replace(/\\(.)/g, '$1'))!;
    roles.editor.capabilities.edit_tribe_event_series = false;
    roles.author.capabilities.site_own_capability = true;
    roles.shop_manager = { name: 'Shop manager', capabilities: { read: true } };
    await t.db.transaction(() => t.app.get(OptionsStore).set(ROLES_OPTION, roles));
    await bumpCacheVersion(t);
  });
  afterAll(() => t?.close());

  it('is listed in the usage and takes no options', async () => {
    expect(USAGE).toContain('roles:grant');
    await expect(runCommand(['roles:grant', '--all'], t.app.get(UsersService), () => undefined, t.app)).rejects.toThrow(UsageError);
  });

  it('gives the existing roles the new resource’s capabilities, keeping every grant and refusal of the site', async () => {
    // Before: the administrator may not write series (403, `Allow: GET`).
    await t.http.post(SERIES).set('Authorization', ADMIN).send({ title: 'Before' }).expect(403);
    expect((await t.http.get(SERIES).set('Authorization', ADMIN).expect(200)).headers.allow).toBe('GET');

    await grant();
    expect(lines).toEqual([
      expect.stringMatching(/^administrator: \+10 \(read_private_tribe_event_series, edit_tribe_event_series, /),
      expect.stringMatching(/^editor: \+9 \(read_private_tribe_event_series, edit_others_tribe_event_series, /),
      expect.stringMatching(/^author: \+5 \(/),
      'contributor: +2 (edit_tribe_event_series, delete_tribe_event_series)',
    ]);
    await t.http.post(SERIES).set('Authorization', ADMIN).send({ title: 'After' }).expect(201);
    expect((await t.http.get(SERIES).set('Authorization', ADMIN).expect(200)).headers.allow).toBe('GET, POST');
    await t.http.post(SERIES).set('Authorization', author).send({ title: 'By an author' }).expect(201);
    // The editor's refused capability stays refused.
    await t.http.post(SERIES).set('Authorization', editor).send({ title: 'Refused' }).expect(403);
    const roles = phpUnserialize<RoleMap>(await storedRoles())!;
    expect(roles.editor.capabilities.edit_tribe_event_series).toBe(false);
    expect(roles.author.capabilities.site_own_capability).toBe(true);
    expect(roles.shop_manager).toEqual({ name: 'Shop manager', capabilities: { read: true } });
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await storedRoles();
    await grant();
    expect(lines).toEqual(['Every role already has the capabilities of the declared resources: nothing changed.']);
    expect(await storedRoles()).toBe(before);
  });

  it('leaves a database without stored roles to the start-up seeding', async () => {
    await t.db.sql.run(`DELETE FROM ${t.db.sql.table('options')} WHERE option_name = ?`, [ROLES_OPTION]);
    await grant();
    expect(lines).toEqual([`No option ${ROLES_OPTION}: the roles are seeded with every capability when the service starts.`]);
    expect(await storedRoles()).toBeUndefined();
  });
});
