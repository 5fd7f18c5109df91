import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app/app.factory';
import { RoleMap } from '../../src/auth/capabilities';
import { postTypeRoleCapabilities } from '../../src/auth/default-roles';
import { OptionsStore } from '../../src/wordpress/options.store';
import { buildOnce, runBuilt } from '../support/built-process';
import { SeriesModule } from '../support/series-module/series.module';
import { ADMIN, ADMIN_PASSWORD, ADMIN_USER, BASE, SITE, startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, ENGINE, TestDatabase } from '../support/test-database';

const ROLES_OPTION = 'wp_user_roles';
/** Long enough that only the grant itself can make a remembered caller stale within the test. */
const AUTH_CACHE = { AUTH_CACHE_SECONDS: '600' };
/** What the events resource gives administrators: removed below, as on a database stored before it existed. */
const EVENT_CAPABILITIES = postTypeRoleCapabilities('tribe_events').administrator;

/**
 * Issue #31: before `roles:grant` an administrator got a bare 403 and nothing in the start-up log said
 * why; after it, running instances still answered 403 for AUTH_CACHE_SECONDS (the caller they remembered).
 * Here two running instances (one booted before the roles lost the capabilities, one after) and the CLI
 * as its own process share one database (a SQLite file, or MariaDB with TEST_ENGINE=mysql).
 */
describe('roles:grant on a database whose roles lack a resource’s capabilities, with instances running', () => {
  let dir: string | undefined;
  let database: TestDatabase;
  let early: TestApp;
  let late: NestExpressApplication | undefined;
  const log: string[] = [];

  /** Boots an instance on the shared database, its warnings kept in `into`. */
  const boot = (into: string[]) =>
    createApp(
      { DATABASE_URL: database.url, SITE_URL: SITE, ADMIN_USER, ADMIN_PASSWORD, LOG_LEVEL: 'warn', WEBHOOKS_WORKER: 'false', ...AUTH_CACHE },
      [SeriesModule],
      {
        logDestination: { write: (line: string) => void into.push(line) },
      },
    );
  const warnings = (lines: string[]) => lines.map((line) => JSON.parse(line) as { level: string; msg: string }).filter((line) => line.level === 'warn');

  beforeAll(async () => {
    buildOnce();
    if (ENGINE === 'mysql') database = await createTestDatabase();
    else {
      dir = mkdtempSync(join(tmpdir(), 'eca-roles-grant-'));
      database = { url: `sqlite:${join(dir, 'shared.sqlite')}`, name: 'shared', drop: async () => undefined };
    }
    early = await startTestApp({ database, env: AUTH_CACHE });
    // The roles as stored before the events resource existed.
    const options = early.app.get(OptionsStore);
    const roles = (await options.get<RoleMap>(ROLES_OPTION))!;
    for (const capability of EVENT_CAPABILITIES) delete roles.administrator.capabilities[capability];
    await early.db.transaction(() => options.set(ROLES_OPTION, roles));
    late = await boot(log);
  }, 120_000);
  afterAll(async () => {
    await late?.close();
    await early?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const instances = () => [early.http, request(late!.getHttpServer())];
  const writeEvent = (http: ReturnType<typeof instances>[number], title: string) =>
    http.post(`${BASE}/events`).set('Authorization', ADMIN).send({ title, start_date: '2031-05-01 10:00', end_date: '2031-05-01 12:00' });

  it('warns at start-up, naming each missing capability by resource and role, and the command to run', () => {
    const [warning, ...others] = warnings(log);
    expect(others).toEqual([]);
    expect(warning.msg).toContain(`tribe/events/v1/events: administrator lacks ${EVENT_CAPABILITIES.join(', ')}`);
    expect(warning.msg).toContain('`npm run cli -- roles:grant`');
    // Only what is missing: the editor kept its capabilities, the example resource's are all there.
    expect(warning.msg).not.toMatch(/editor lacks|example\/v1/);
  });

  it('a grant by the CLI process takes effect at once on every instance, callers they remember included', async () => {
    for (const http of instances()) {
      // Twice: the second is let in from the credential the instance remembers.
      for (const attempt of ['first', 'remembered']) {
        await writeEvent(http, `Before (${attempt})`).expect(403);
        expect((await http.get(`${BASE}/events`).set('Authorization', ADMIN).expect(200)).headers.allow).toBe('GET');
      }
    }

    const cli = await runBuilt('dist/src/cli/main.js', ['roles:grant'], { DATABASE_URL: database.url, LOG_LEVEL: 'error' });
    expect({ code: cli.code, stderr: cli.stderr }).toEqual({ code: 0, stderr: '' });
    expect(cli.stdout.trim()).toBe(`administrator: +${EVENT_CAPABILITIES.length} (${EVENT_CAPABILITIES.join(', ')})`);

    for (const http of instances()) {
      await writeEvent(http, 'After').expect(201);
      expect((await http.get(`${BASE}/events`).set('Authorization', ADMIN).expect(200)).headers.allow).toBe('GET, POST');
    }
  });

  it('an instance started after the grant warns of nothing', async () => {
    const lines: string[] = [];
    const app = await boot(lines);
    await app.close();
    expect(warnings(lines)).toEqual([]);
  });
});
