import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCommand, UsageError } from '../../src/cli/commands';
import { UsersService } from '../../src/auth/users.service';
import { AuthService } from '../../src/auth/auth.service';
import { ImportsService } from '../../src/import/imports.service';
import { ImportCreateArgs } from '../../src/import/imports.args';
import { UsersStore } from '../../src/wordpress/users.store';
import { FIXTURES } from '../support/fixture-paths';
import { ADMIN_USER, startTestApp, TestApp } from '../support/test-app';

const fixture = (name: string) => resolve(FIXTURES, 'import', name);

/** `npm run cli -- import FILE|URL` (docs/import.md): the API's import run from the command line, as an administrator. */
describe('cli: import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runCommand(['import', ...argv], t.app.get(UsersService), (line) => lines.push(line), t.app);
    return lines;
  };

  it('imports a file and prints the report; again, nothing changes', async () => {
    expect(await run(fixture('google.ics'))).toEqual([expect.stringMatching(/^Import \d+: 3 created, 0 updated, 0 unchanged, 0 failed$/)]);
    expect(await run(fixture('google.ics'), '--status', 'draft')).toEqual([expect.stringMatching(/^Import \d+: 0 created, 0 updated, 3 unchanged, 0 failed$/)]);
  });

  it('prints each failure with its line', async () => {
    const lines = await run(resolve(FIXTURES, '..', 'fixtures', 'import', 'thunderbird.ics'), '--as', ADMIN_USER);
    expect(lines[0]).toMatch(/: 2 created/);
    await expect(run('/no/such/file.ics')).rejects.toThrow(new UsageError('No file "/no/such/file.ics"'));
    await expect(run(fixture('apple.ics'), '--status', 'gone')).rejects.toThrow(new UsageError('--status must be one of publish, draft, pending, private'));
    await expect(run()).rejects.toThrow(new UsageError('import takes one FILE or URL'));
    await expect(run(fixture('apple.ics'), '--as', 'ghost')).rejects.toThrow(new UsageError('No user with login "ghost"'));
  });

  it('reports its progress after each event (the CLI’s bar)', async () => {
    const caller = await t.app.get(AuthService).callerFor((await t.app.get(UsersStore).findByLogin(ADMIN_USER))!);
    const seen: [number, number][] = [];
    const upload = { kind: 'body' as const, name: 'apple.ics', contentType: 'text/calendar', read: async () => readFileSync(fixture('apple.ics')) };
    await t.app
      .get(ImportsService)
      .create(
        { caller, origin: 'http://127.0.0.1:3000', credentials: {} },
        Object.assign(new ImportCreateArgs(), { status: 'publish' }),
        upload,
        (done, total) => seen.push([done, total]),
      );
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});
