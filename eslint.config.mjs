// Lint: typescript-eslint's recommended rules on sources, tests and benchmarks, Prettier for layout
// (eslint-config-prettier turns off the rules it owns), and the layer rule of README "Architecture":
// a shared layer never imports a resource folder.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const RESOURCES = ['events', 'venues', 'organizers', 'categories', 'tags', 'linked-posts', 'terms', 'changes'];
const SHARED_LAYERS = ['config', 'database', 'wordpress', 'auth', 'rest', 'i18n', 'logging', 'security', 'health', 'discovery', 'cache'];

/** `no-restricted-imports` patterns that keep one folder from reaching into the given others. */
const forbid = (folders, why) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: `(^|/)(${folders.join('|')})(/|$)`, message: why }] }],
});

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
    rules: forbid(RESOURCES, 'A shared layer never imports a resource folder (README "Architecture"): move the shared piece down a layer.'),
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
