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
    const messages = await lint('src/wordpress/probe.ts', "import { RestModule } from '../rest/rest.module';\nexport const probe = RestModule;\n");
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

  describe('the folder layer order (docs/architecture.md "Layers")', () => {
    const UPWARD = 'an import upward is what closes a folder cycle';

    it('an import that closes a folder cycle fails: wordpress/ → cache/ while cache/ imports wordpress/', async () => {
      expect(await lint('src/cache/probe.ts', "import { noteTouched } from '../wordpress/write-journal';\nexport const probe = noteTouched;\n")).toEqual([]);
      const messages = await lint('src/wordpress/probe.ts', "import { DataFreshness } from '../cache/data-freshness';\nexport const probe = DataFreshness;\n");
      expect(messages.filter((m) => m.includes(UPWARD))).toEqual([
        expect.stringMatching(/^src\/wordpress\/ may not import src\/cache\/ \(cache above WordPress\)/),
      ]);
    });

    it('a cycle inside a layer fails too: terms/ → categories/ while categories/ imports terms/', async () => {
      expect(await lint('src/categories/probe.ts', "import { TermsModule } from '../terms';\nexport const probe = TermsModule;\n")).toEqual([]);
      const messages = await lint('src/terms/probe.ts', "import { CATEGORIES } from '../categories/categories.taxonomy';\nexport const probe = CATEGORIES;\n");
      expect(messages.filter((m) => m.includes(UPWARD))).toEqual([expect.stringContaining('both in the resources layer, categories listed after terms')]);
    });

    it('re-exports and dynamic imports count; only imports of types are free', async () => {
      for (const code of ["export { RestModule } from '../rest/rest.module';\n", "export const probe = () => import('../rest/rest.module');\n"]) {
        expect([code, (await lint('src/database/probe.ts', code)).some((m) => m.includes(UPWARD))]).toEqual([code, true]);
      }
      const typeOnly = "import type { RestRequest } from '../rest/request-context';\nexport type Probe = RestRequest;\n";
      expect(await lint('src/logging/probe.ts', typeOnly)).toEqual([]);
    });

    it('a resource reaches another only through its index; types are free', async () => {
      const DEEP = 'may import src/venues/ only through its index';
      const deep = await lint('src/events/probe.ts', "import { VenuesService } from '../venues/venues.service';\nexport const probe = VenuesService;\n");
      expect(deep.filter((m) => m.includes(DEEP))).toEqual([
        expect.stringContaining('not ../venues/venues.service: what another resource may use is what src/venues/index.ts exports'),
      ]);
      for (const from of ['../venues', '../venues/index']) {
        expect(await lint('src/events/probe.ts', `import { VenuesService } from '${from}';\nexport const probe = VenuesService;\n`)).toEqual([]);
      }
      expect(await lint('src/events/probe.ts', "import type { VenuesService } from '../venues/venues.service';\nexport type Probe = VenuesService;\n")).toEqual(
        [],
      );
      // Shared layers below and the surfaces above are not resources: their files are reached directly.
      expect(await lint('src/site/probe.ts', "import { VenuesService } from '../venues/venues.service';\nexport const probe = VenuesService;\n")).toEqual([]);
    });

    it('a folder without a place in the order fails', async () => {
      const messages = await lint('src/newfolder/probe.ts', "import { RestModule } from '../rest/rest.module';\nexport const probe = RestModule;\n");
      expect(messages).toContain(
        'src/newfolder/ has no place in the layer order: add it to LAYERS in eslint.config.mjs and to the table of docs/architecture.md "Layers".',
      );
    });
  });
});
