import { readFileSync } from 'node:fs';
import type { Type } from '@nestjs/common';
import { RoleMap } from '../../src/auth/capabilities';
import { postTypeRoleCapabilities } from '../../src/auth/default-roles';
import { UsersService } from '../../src/auth/users.service';
import { runCommand, UsageError, USAGE } from '../../src/cli/commands';
import type { DefaultRole } from '../../src/resources/resource-declaration';
import { declaredResources } from '../../src/resources/resource-registry';
import { OptionsStore } from '../../src/wordpress/options.store';
import { phpUnserialize } from '../../src/wordpress/php-serialization';
import { bumpCacheVersion } from './data-version';
import { FIXTURE_SQL } from './fixture-paths';
import { SERIES_POST_TYPE } from './series-module/series.resource';
import { ADMIN, EXAMPLE_BASE, startTestApp, TestApp, userWithRole } from './test-app';

const SERIES = `${EXAMPLE_BASE}/series`;
const ROLES_OPTION = 'wp_user_roles';

/** `role: +N (a, b, …)` lines → what each role was given. */
function addedByRole(lines: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(
    lines.map((line) => {
      const [, role, count, list] = /^(\S+): \+(\d+) \((.*)\)$/.exec(line) ?? [];
      if (!role) throw new Error(`not a grant line: ${line}`);
      const capabilities = list.split(', ');
      expect(capabilities).toHaveLength(Number(count));
      return [role, capabilities];
    }),
  );
}

/**
 * What the registry's resources give each stored role that the role has no entry for — read from the
 * declarations themselves, so the expectation follows whatever resources the test app has.
 */
function missingFromRegistry(stored: RoleMap): Record<string, string[]> {
  const missing = Object.entries(stored).map(([role, { capabilities }]) => {
    const declared = declaredResources().flatMap((r) => r.roleCapabilities?.[role as DefaultRole] ?? []);
    return [role, [...new Set(declared)].filter((cap) => !Object.hasOwn(capabilities, cap)).sort()] as const;
  });
  return Object.fromEntries(missing.filter(([, caps]) => caps.length));
}

/**
 * `npm run cli -- roles:grant` on an existing database: the site's roles were stored before the example
 * resource existed (the fixture site's own option, plus grants and refusals of the site's own), so its
 * capabilities are missing until the command adds them — and only them. It holds whatever other
 * resources the app mounts (`modules`, registered by importing them): it pins the example's
 * capabilities and derives the rest from the registry. `firstGrant`: what the first run added, by role.
 */
export function describeRolesGrant(modules: Type[] = []): { firstGrant: Record<string, string[]> } {
  const firstGrant: Record<string, string[]> = {};
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
      t = await startTestApp({ modules });
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

      const expected = missingFromRegistry(phpUnserialize<RoleMap>(await storedRoles())!);
      await grant();
      const added = addedByRole(lines);
      Object.assign(firstGrant, added);
      // Exactly what the declared resources give each role and it lacked, in the stored roles' order…
      expect(Object.fromEntries(Object.entries(added).map(([role, caps]) => [role, [...caps].sort()]))).toEqual(expected);
      expect(Object.keys(added)).toEqual(Object.keys(expected));
      // …among which the example's, but for the editor's refused one.
      const series = postTypeRoleCapabilities(SERIES_POST_TYPE);
      expect(added.administrator).toEqual(expect.arrayContaining(series.administrator));
      expect(added.editor).toEqual(expect.arrayContaining(series.editor.filter((cap) => cap !== `edit_${SERIES_POST_TYPE}`)));
      expect(added.editor).not.toContain(`edit_${SERIES_POST_TYPE}`);
      expect(added.author).toEqual(expect.arrayContaining(series.author));
      expect(added.contributor).toEqual(expect.arrayContaining(series.contributor));
      expect(added.shop_manager).toBeUndefined();

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
  return { firstGrant };
}
