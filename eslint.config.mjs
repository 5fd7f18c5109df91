// Lint: typescript-eslint's recommended rules on sources, tests and benchmarks, Prettier for layout
// (eslint-config-prettier turns off the rules it owns), and the layer rule of README "Architecture":
// a shared layer never imports a resource folder.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const RESOURCES = ['events', 'venues', 'organizers', 'categories', 'tags', 'linked-posts', 'terms', 'changes', 'import'];
const SHARED_LAYERS = ['config', 'database', 'wordpress', 'auth', 'rest', 'i18n', 'logging', 'security', 'health', 'discovery', 'cache', 'mcp'];

// Pure layers: functions over values (date math, how an error reason quotes a value), used by every
// layer above them, so they import none of the service's other folders.
const PURE_LAYERS = ['dates', 'reasons'];
const SRC_FOLDERS = readdirSync(new URL('./src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A `no-restricted-imports` pattern that keeps one folder from reaching into the given others. */
const into = (folders, why) => ({ regex: `(^|/)(${folders.join('|')})(/|$)`, message: why });
const forbid = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const NO_RESOURCE = into(RESOURCES, 'A shared layer never imports a resource folder (README "Architecture"): move the shared piece down a layer.');

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/results/', 'bench/.data/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // WordPress's sanitisers strip control characters on purpose (PHP trim sets, kses protocols).
      'no-control-regex': 'off',
    },
  },
  {
    files: [`src/{${SHARED_LAYERS.join(',')}}/**/*.ts`],
    rules: forbid(NO_RESOURCE),
  },
  {
    // WordPress semantics sit below the REST conventions: the storage layer never imports HTTP code.
    files: ['src/wordpress/**/*.ts'],
    rules: forbid(NO_RESOURCE, into(['rest'], 'The WordPress layer never imports rest/ (README "Architecture"): move the shared piece down a layer.')),
  },
  {
    files: [`src/{${PURE_LAYERS.join(',')}}/**/*.ts`],
    rules: forbid(
      into(
        SRC_FOLDERS.filter((folder) => !PURE_LAYERS.includes(folder)),
        'A pure layer (dates, reasons) imports no other folder of the service (README "Architecture"): move the piece it needs down here.',
      ),
    ),
  },
  {
    // The database layer imports nothing above it; the one exception is RestError, the service's error
    // shape (a lost database is a 503 `rest_database_unavailable` wherever it is noticed).
    files: ['src/database/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)(${[...RESOURCES, 'cache', 'auth', 'wordpress', 'discovery', 'i18n'].join('|')})(/|$)`,
              message: 'The database layer imports nothing above it (README "Architecture").',
            },
            { regex: '(^|/)rest/(?!rest-error$)', message: 'The database layer imports nothing above it but RestError (README "Architecture").' },
          ],
        },
      ],
    },
  },
  {
    // One data layer (README "Architecture"): SQL is written only in the database layer, the WordPress
    // stores and a module's repositories (`repository/` folders, `*.repository.ts`, `*.store.ts`).
    files: ['src/**/*.ts'],
    ignores: ['src/database/**', 'src/wordpress/**', 'src/**/repository/**', 'src/**/*.repository.ts', 'src/**/*.store.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TemplateElement[value.raw', 'Literal[value'].map((node) => ({
          selector: `${node}=/\\b(SELECT|INSERT INTO|DELETE FROM|UPDATE\\s+\\S+\\s+SET)\\b/]`,
          message: "SQL lives only in stores and repositories (src/wordpress/, a module's repository/ folder or *.repository.ts): move the statement there.",
        })),
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
