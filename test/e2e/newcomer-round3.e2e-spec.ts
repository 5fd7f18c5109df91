import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { validateEnvironment } from '../../src/config/environment';
import { mysqlConnectionSettings } from '../../src/database/data-source-options';
import { effectiveLogFormat } from '../../src/logging/console-destination';
import { buildOnce, ROOT } from '../support/built-process';
import { freePort } from '../support/free-port';
import { createTestDatabase, ENGINE } from '../support/test-database';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// Issue #22, items 12–16: a newcomer's first minutes — the start's build and log, the packages the
// install warns about, the Docker files, and the 413 answer.

/** Runs the built service until it says it listens (or exits), then stops it: its stdout and stderr. */
async function firstStart(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  for (let i = 0; i < 600 && !stdout.includes('Events Calendar API on') && child.exitCode === null; i++) await new Promise((done) => setTimeout(done, 50));
  child.kill('SIGTERM');
  await exited;
  return { stdout, stderr };
}

/** The first run's administrator block, printed for a person whatever the log format. */
const ADMIN_BLOCK = /\nFirst run: created the administrator "admin" with the application password\n\n {4}[A-Za-z0-9]{24}\n\n[^\n]+\n[^\n]+\n\n/;

describe('the start in a terminal and in a pipe (built service)', () => {
  let dir: string;
  beforeAll(() => {
    buildOnce();
    dir = mkdtempSync(join(tmpdir(), 'eca-newcomer-'));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('LOG_FORMAT=auto is readable lines for a terminal, JSON for anything else', () => {
    expect([effectiveLogFormat('auto', true), effectiveLogFormat('auto', false)]).toEqual(['pretty', 'json']);
    expect([effectiveLogFormat('json', true), effectiveLogFormat('pretty', false)]).toEqual(['json', 'pretty']);
  });

  it('as in a terminal: readable lines, no route inventory, and the administrator password stands out', async () => {
    const { stdout, stderr } = await firstStart({ DATABASE_URL: `sqlite:${join(dir, 'pretty.sqlite')}`, LOG_FORMAT: 'pretty' });
    expect(stderr).toBe('');
    expect(stdout).toMatch(ADMIN_BLOCK);
    const lines = stdout.replace(ADMIN_BLOCK, '\n').split('\n').filter(Boolean);
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(lines.filter((line) => line.includes('Mapped {'))).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO +\[Main\] Events Calendar API on http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1$/),
    );
    // Before the password: a handful of lines, not Nest's ~80-line inventory of modules and routes.
    expect(stdout.slice(0, stdout.indexOf('First run')).split('\n').filter(Boolean).length).toBeLessThan(10);
  });

  it('piped: JSON lines, with the route inventory only at LOG_LEVEL=debug', async () => {
    const info = await firstStart({ DATABASE_URL: `sqlite:${join(dir, 'json.sqlite')}` });
    expect(info.stdout).toMatch(ADMIN_BLOCK);
    const records = info.stdout
      .replace(ADMIN_BLOCK, '\n')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: string; msg: string; context?: string });
    expect(records.find((r) => r.context === 'Main')?.msg).toMatch(/^Events Calendar API on /);
    expect(records.filter((r) => r.msg.startsWith('Mapped {'))).toEqual([]);
    const debug = await firstStart({ DATABASE_URL: `sqlite:${join(dir, 'json.sqlite')}`, LOG_LEVEL: 'debug' });
    const mapped = debug.stdout
      .split('\n')
      .filter((line) => line.includes('Mapped {'))
      .map((line) => (JSON.parse(line) as { level: string }).level);
    expect(mapped.length).toBeGreaterThan(20);
    expect(new Set(mapped)).toEqual(new Set(['debug']));
  });
});

describe('npm run build: tsc only when a source changed', () => {
  const build = () =>
    new Promise<{ stderr: string; ms: number; code: number | null }>((done) => {
      const started = Date.now();
      execFile(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: ROOT }, (error, _stdout, stderr) =>
        done({ stderr, ms: Date.now() - started, code: error ? ((error as { code?: number }).code ?? 1) : 0 }),
      );
    });
  beforeAll(() => buildOnce(), 180_000);

  it('an unchanged tree is not compiled again: silent and well under the 13 s of tsc', async () => {
    const run = await build();
    expect(run).toEqual({ stderr: '', ms: expect.any(Number), code: 0 });
    expect(run.ms).toBeLessThan(3000);
  });

  it('a build that compiles says so first, and records what it built', async () => {
    unlinkSync(join(ROOT, 'dist', '.build-stamp'));
    const run = await build();
    expect(run.code).toBe(0);
    expect(run.stderr.split('\n')[0]).toMatch(/^Building \(the first start takes about a minute/);
    expect(existsSync(join(ROOT, 'dist', '.build-stamp'))).toBe(true);
  }, 180_000);
});

describe('packages: what npm ci installs suits the Node.js the README promises', () => {
  it('npm ci warns about no package engine (EBADENGINE) on this Node.js', async () => {
    // npm's own check, on a copy of the manifest and lock (a dry run installs nothing).
    const dir = mkdtempSync(join(tmpdir(), 'eca-npm-ci-'));
    try {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(dir, file));
      const output = await new Promise<string>((done) =>
        execFile('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir }, (_error, stdout, stderr) => done(stdout + stderr)),
      );
      expect(output.split('\n').filter((line) => line.includes('EBADENGINE'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("Nest's file-type validation still loads file-type and recognises a PNG by its bytes", async () => {
    // A real Node.js process: file-type is an ES module Nest imports dynamically.
    const script = `
      const { FileTypeValidator } = require('@nestjs/common');
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      const file = (mimetype) => ({ buffer: png, mimetype, originalname: 'a', size: png.length });
      Promise.all([new FileTypeValidator({ fileType: 'image/png' }).isValid(file('text/plain')),
                   new FileTypeValidator({ fileType: 'image/jpeg' }).isValid(file('image/jpeg'))])
        .then((r) => process.stdout.write(JSON.stringify(r)));`;
    const out = await new Promise<string>((done, fail) =>
      execFile(process.execPath, ['-e', script], { cwd: ROOT }, (error, stdout, stderr) => (error ? fail(error) : done(stdout + stderr))),
    );
    expect(out).toBe('[true,false]');
  });
});

describe('Docker files', () => {
  const dockerfile = readFileSync(join(ROOT, 'docker', 'Dockerfile'), 'utf8');
  const compose = readFileSync(join(ROOT, 'docker', 'docker-compose.yml'), 'utf8');

  it('the image is built and run on a supported LTS line of Node.js (22 or 24), not 20', () => {
    const version = /^ARG NODE_VERSION=(\d+)$/m.exec(dockerfile)?.[1];
    expect(['22', '24']).toContain(version);
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases).toEqual(['node:${NODE_VERSION}-bookworm-slim', 'node:${NODE_VERSION}-bookworm-slim']);
    // `npm run build` runs scripts/build-if-changed.mjs: the build stage has it.
    expect(dockerfile).toContain('COPY scripts ./scripts');
  });

  it('compose gives the MySQL password apart from DATABASE_URL, and a password with @ / # ? reaches the driver intact', () => {
    const url = /^ {6}DATABASE_URL: (\S+)$/m.exec(compose)![1];
    expect(url).not.toContain('$');
    expect(compose).toMatch(/^ {6}DATABASE_PASSWORD: \$\{MYSQL_PASSWORD:\?set MYSQL_PASSWORD\}$/m);
    const password = 'p@ss/w#rd?x%:1';
    const env = validateEnvironment({ DATABASE_URL: url, DATABASE_PASSWORD: password });
    expect(mysqlConnectionSettings(env.DATABASE_URL)).toMatchObject({ host: 'db', port: 3306, user: 'events', password, database: 'wordpress' });
    expect(() => validateEnvironment({ DATABASE_URL: 'sqlite::memory:', DATABASE_PASSWORD: password })).toThrow(
      'DATABASE_PASSWORD needs a mysql:// DATABASE_URL',
    );
  });

  if (ENGINE === 'mysql') {
    it('the service logs in to MySQL with DATABASE_PASSWORD holding @ / # ?', async () => {
      const database = await createTestDatabase();
      const url = new URL(database.url);
      const root = await createConnection({
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      });
      const user = `${database.name}_u`;
      const password = 'p@ss/w#rd?x%:1';
      await root.query('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', password]);
      await root.query(`GRANT ALL ON \`${database.name}\`.* TO ?@?`, [user, '%']);
      let t: TestApp | undefined;
      try {
        t = await startTestApp({ env: { DATABASE_URL: `mysql://${user}@${url.host}/${database.name}`, DATABASE_PASSWORD: password } });
        expect((await t.http.get(`${BASE}/events`).expect(200)).body.total).toBe(0);
      } finally {
        await t?.close();
        await root.query('DROP USER ?@?', [user, '%']);
        await root.end();
        await database.drop();
      }
    }, 60_000);
  }
});

describe('a body over the limit', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());
  const TOO_LARGE = {
    code: 'rest_payload_too_large',
    message: 'The request body is too large: the limit is 1 MB.',
    data: { status: 413 },
  };

  it('413 names the limit, for JSON, form and multipart bodies', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const json = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ title: big }));
    const form = await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).type('form').send({ title: big });
    const file = await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).field('title', 'x').attach('image', Buffer.from(big), 'big.jpg');
    for (const res of [json, form, file]) expect([res.status, res.body]).toEqual([413, expect.objectContaining(TOO_LARGE)]);
  });
});
