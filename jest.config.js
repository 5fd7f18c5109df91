// One jest config for every suite. Nest 12 ships as ES modules, so SWC also
// transpiles @nestjs/* (and its ESM-only helpers) to CommonJS for jest.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// `npm test` needs nothing but Node: the MariaDB suites (test/mysql) run with TEST_ENGINE=mysql
// (`npm run test:mysql`) and the headless-Chromium check with TEST_BROWSER=1 (`npm run test:browser`).
// `.scratch-*`: what test/generator writes and removes (a generated suite, loaded by its own test).
const ignored = ['/node_modules/', '/\\.scratch-'];
if (process.env.TEST_ENGINE !== 'mysql') ignored.push('<rootDir>/test/mysql/');
if (!process.env.TEST_BROWSER) ignored.push('<rootDir>/test/browser/');

module.exports = {
  testPathIgnorePatterns: ignored,
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid|path-to-regexp)/)'],
  testTimeout: 60000,
};
