// Lint: typescript-eslint's recommended rules on sources, tests and benchmarks, Prettier for layout
// (eslint-config-prettier turns off the rules it owns), and the layer rules of docs/architecture.md
// "Layers": every folder of src/ has a place in LAYERS and imports only folders placed before it (so
// the folders form no cycle), and a shared layer never imports a resource folder.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { folderOrder } from './eslint/folder-layers.mjs';

// The layer order, lowest first; within a layer too, a folder imports only the folders listed before it.
// docs/architecture.md "Layers" explains each line.
const LAYERS = [
  { name: 'pure', folders: ['reasons', 'dates', 'recurrence'] },
  { name: 'ground', folders: ['config', 'logging', 'security', 'jobs'] },
  { name: 'data', folders: ['database'] },
  { name: 'WordPress', folders: ['wordpress'] },
  { name: 'read model', folders: ['read-model'] },
  { name: 'REST kernel', folders: ['rest', 'i18n'] },
  { name: 'registry', folders: ['resources'] },
  { name: 'cache', folders: ['cache'] },
  { name: 'access', folders: ['auth'] },
  { name: 'resources', folders: ['linked-posts', 'terms', 'categories', 'tags', 'venues', 'organizers', 'events', 'changes', 'import'] },
  { name: 'surfaces', folders: ['discovery', 'mcp', 'site', 'health'] },
  { name: 'composition', folders: ['app', 'cli'] },
];

const RESOURCES = ['events', 'venues', 'organizers', 'categories', 'tags', 'linked-posts', 'terms', 'changes', 'import'];
const SHARED_LAYERS = [
  'config',
  'jobs',
  'database',
  'wordpress',
  'read-model',
  'auth',
  'rest',
  'i18n',
  'resources',
  'logging',
  'security',
  'health',
  'discovery',
  'cache',
  'mcp',
];

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
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/results/', 'bench/.data/', 'data/', '**/.scratch-*/'] },
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
    // The database layer imports nothing above it, types included (its errors are RestErrors from the
    // pure reasons/ layer: a lost database is a 503 `rest_database_unavailable` wherever it is noticed).
    files: ['src/database/**/*.ts'],
    rules: forbid(
      into(
        [...RESOURCES, 'cache', 'auth', 'wordpress', 'discovery', 'i18n', 'rest', 'resources'],
        'The database layer imports nothing above it (README "Architecture").',
      ),
    ),
  },
  {
    files: ['src/**/*.ts'],
    plugins: { layers: { rules: { 'folder-order': folderOrder } } },
    rules: { 'layers/folder-order': ['error', { srcDir: fileURLToPath(new URL('./src', import.meta.url)), layers: LAYERS, throughIndex: RESOURCES }] },
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
