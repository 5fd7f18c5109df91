import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run generate -- resource NAME` (scripts/generate.mjs), run for real into a scratch folder of
 * this test folder (ignored by jest's collection, git and the linters; removed afterwards):
 * - the example of docs/architecture.md, test/support/series-module, is what it writes for the series;
 * - it mounts the module in a module list;
 * - a generated resource works: its own generated e2e suite is loaded here and runs on the real app
 *   (its routes over HTTP, the namespace index, Swagger, MCP tools, the change feed).
 */
const ROOT = join(__dirname, '../..');
const SCRATCH = join(__dirname, `.scratch-${process.pid}`);
const generate = (...args: string[]) =>
  execFileSync(process.execPath, [join(ROOT, 'scripts/generate.mjs'), 'resource', ...args], { cwd: ROOT, encoding: 'utf8' });
const scratch = (path: string) => join(SCRATCH, path);

rmSync(SCRATCH, { recursive: true, force: true });
mkdirSync(SCRATCH, { recursive: true });
// Written before the suites are collected, so the generated suite below can be loaded as one of them.
generate('gizmos', '--dir', scratch('src'), '--spec-dir', scratch('e2e'), '--no-mount');

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe('npm run generate -- resource', () => {
  it('writes the documented example exactly (test/support/series-module), import paths aside', () => {
    generate(
      'series',
      '--singular',
      'series',
      '--namespace',
      'example/v1',
      '--post-type',
      'tribe_event_series',
      '--dir',
      scratch('example'),
      '--no-spec',
      '--no-mount',
    );
    const example = join(ROOT, 'test/support/series-module');
    const files = readdirSync(example).sort();
    expect(readdirSync(scratch('example/series')).sort()).toEqual(files);
    // The scratch folder is deeper than test/support/series-module: only the way up to src/ differs.
    for (const file of files) {
      const generated = readFileSync(scratch(`example/series/${file}`), 'utf8').replace(/'(\.\.\/)+src\//g, "'../../../src/");
      expect({ file, text: generated }).toEqual({ file, text: readFileSync(join(example, file), 'utf8') });
    }
  });

  it('mounts the module with one import and one entry in the module list, and gives its folder a layer', () => {
    cpSync(join(ROOT, 'src/app/app.module.ts'), scratch('app/app.module.ts'));
    cpSync(join(ROOT, 'eslint.config.mjs'), scratch('app/eslint.config.mjs'));
    const before = readFileSync(scratch('app/app.module.ts'), 'utf8');
    const lintBefore = readFileSync(scratch('app/eslint.config.mjs'), 'utf8');
    generate(
      'doohickeys',
      '--dir',
      scratch('mounted'),
      '--no-spec',
      '--app-module',
      scratch('app/app.module.ts'),
      '--lint-config',
      scratch('app/eslint.config.mjs'),
    );
    const after = readFileSync(scratch('app/app.module.ts'), 'utf8');
    const added = (from: string, to: string) => to.split('\n').filter((line) => !from.split('\n').includes(line));
    expect(added(before, after)).toEqual(["import { DoohickeysModule } from '../mounted/doohickeys/doohickeys.module';", '        DoohickeysModule,']);
    expect(after.indexOf('DoohickeysModule,')).toBeLessThan(after.indexOf('...extraModules,'));
    // Last of the resources layer (it imports only the layers below), and a folder no shared layer may import.
    const lint = added(lintBefore, readFileSync(scratch('app/eslint.config.mjs'), 'utf8'));
    expect(lint).toHaveLength(2);
    expect(lint[0]).toMatch(/^ {2}\{ name: 'resources', folders: \[.*'import', 'doohickeys'\] \},$/);
    expect(lint[1]).toMatch(/^const RESOURCES = \[.*'doohickeys'\];$/);
  });

  it('refuses names the registry would refuse, and an existing folder, writing nothing', () => {
    const refused = (name: string, ...options: string[]) => {
      try {
        generate(name, '--dir', scratch('refused'), '--no-spec', '--no-mount', ...options);
      } catch (error) {
        return String((error as { stderr: string }).stderr);
      }
      throw new Error('accepted');
    };
    expect(refused('Widgets')).toMatch(/NAME must be/);
    expect(refused('widgets', '--namespace', 'tribe/events/v1')).toMatch(/--namespace/);
    expect(refused('widgets', '--post-type', 'a_post_type_name_too_long')).toMatch(/--post-type/);
    expect(refused('gizmos', '--dir', scratch('src'))).toMatch(/already exists/);
    expect(() => readdirSync(scratch('refused'))).toThrow();
  });
});

// The generated resource's own suite, as `npm test` runs it once the resource is in src/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(scratch('e2e/gizmos.e2e-spec.ts'));
