import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const ESLINT = join(ROOT, 'node_modules', '.bin', 'eslint');

/** Lints `code` as if it were the file `path` of the repository (nothing is written); returns the messages. */
function lint(path: string, code: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // eslint exits 1 when it reports errors: its JSON output is the answer either way.
    const child = execFile(ESLINT, ['--format', 'json', '--stdin', '--stdin-filename', path], { cwd: ROOT }, (_error, stdout) => {
      try {
        const [result] = JSON.parse(stdout) as { messages: { message: string }[] }[];
        resolve(result.messages.map((m) => m.message));
      } catch (error) {
        reject(error);
      }
    });
    child.stdin!.end(code);
  });
}

describe('architecture rules enforced by npm run lint (eslint.config.mjs)', () => {
  it('a shared layer importing a resource folder fails', async () => {
    const messages = await lint('src/wordpress/probe.ts', "import { EventsModule } from '../events/events.module';\nexport const probe = EventsModule;\n");
    expect(messages.some((m) => m.includes('A shared layer never imports a resource folder'))).toBe(true);
  });

  it('the database layer importing anything above it fails', async () => {
    const messages = await lint('src/database/probe.ts', "import { OptionsStore } from '../wordpress/options.store';\nexport const probe = OptionsStore;\n");
    expect(messages.some((m) => m.includes('The database layer imports nothing above it'))).toBe(true);
  });

  it('the WordPress layer importing rest/ fails', async () => {
    const messages = await lint('src/wordpress/probe.ts', "import { RestError } from '../rest/rest-error';\nexport const probe = RestError;\n");
    expect(messages.some((m) => m.includes('The WordPress layer never imports rest/'))).toBe(true);
  });

  it('a pure layer importing any other folder of the service fails, each other pure layer passes', async () => {
    for (const [path, from] of [
      ['src/dates/probe.ts', '../rest/params/coerce'],
      ['src/dates/probe.ts', '../wordpress/options.store'],
      ['src/dates/probe.ts', '../config/environment'],
      ['src/reasons/probe.ts', '../i18n/catalogs'],
    ]) {
      const messages = await lint(path, `import * as probe from '${from}';\nexport { probe };\n`);
      expect([from, messages.some((m) => m.includes('A pure layer (dates, reasons) imports no other folder'))]).toEqual([from, true]);
    }
    expect(await lint('src/dates/probe.ts', "import { shownValue } from '../reasons/shown-value';\nexport const probe = shownValue;\n")).toEqual([]);
  });

  it('SQL outside the stores and repositories fails, in a template or a plain string', async () => {
    const code = "export const a = (t: string) => `SELECT ID FROM ${t}`;\nexport const b = 'DELETE FROM wp_posts';\n";
    const messages = await lint('src/events/probe.ts', code);
    expect(messages.filter((m) => m.startsWith('SQL lives only in stores and repositories'))).toHaveLength(2);
  });

  it("SQL in a module's repository passes", async () => {
    const messages = await lint('src/events/repository/probe.ts', 'export const a = (t: string) => `SELECT ID FROM ${t}`;\n');
    expect(messages).toEqual([]);
  });
});
