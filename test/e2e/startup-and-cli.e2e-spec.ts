import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce, runBuilt } from '../support/built-process';
import { freePort } from '../support/free-port';

// Issue #18: start-up failures and the CLI's help, as a newcomer meets them — the built service and
// CLI run as processes. Each failure is one line on stderr (no stack trace), with a non-zero exit.

const SERVICE = 'dist/src/main.js';
const CLI = 'dist/src/cli/main.js';

describe('start-up failures and the command line, on the built service', () => {
  let dir: string;
  beforeAll(() => {
    buildOnce();
    dir = mkdtempSync(join(tmpdir(), 'eca-startup-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const oneLine = (stderr: string) => stderr.trim().split('\n');

  it('a busy port: one line naming the port and how to choose another, never "successfully started"', async () => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((done) => taken.listen(port, '127.0.0.1', done));
    try {
      const run = await runBuilt(SERVICE, [], { DATABASE_URL: `sqlite:${join(dir, 'busy.sqlite')}`, PORT: String(port), HOST: '127.0.0.1' });
      expect(run.code).toBe(1);
      expect(oneLine(run.stderr)).toEqual([
        `Port ${port} is already in use on 127.0.0.1: stop the other process or choose another port, e.g. PORT=${port + 1} npm start`,
      ]);
      expect(run.stdout).not.toContain('successfully started');
    } finally {
      taken.close();
    }
  });

  it('a MySQL server nobody runs: one line saying where', async () => {
    const port = await freePort();
    const run = await runBuilt(SERVICE, [], { DATABASE_URL: `mysql://root@127.0.0.1:${port}/events`, PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([`Nothing accepts connections at 127.0.0.1:${port}: is MySQL/MariaDB running? (DATABASE_URL)`]);
  });

  it('a SQLite file whose directory cannot be written: one line', async () => {
    const run = await runBuilt(SERVICE, [], { DATABASE_URL: 'sqlite:/etc/hostname/events.sqlite', PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([
      "Cannot write the SQLite database's directory /etc/hostname: make it writable, or set DATABASE_URL=sqlite:<another file>",
    ]);
  });

  it('bad variables: one line each, naming the variable', async () => {
    const run = await runBuilt(SERVICE, [], { PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(run.code).toBe(1);
    const lines = oneLine(run.stderr);
    expect(lines[0]).toBe('Invalid configuration:');
    expect(
      lines
        .slice(1)
        .map((line) => line.trim().split(':')[0])
        .sort(),
    ).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('the service and the CLI read ./.env before their start-up checks (the environment still wins)', async () => {
    const project = mkdtempSync(join(dir, 'dotenv-'));
    writeFileSync(join(project, '.env'), 'PORT=eighty\nLOG_LEVEL=loud\n');
    for (const entry of [SERVICE, CLI]) {
      const run = await runBuilt(entry, entry === CLI ? ['users:list'] : [], {}, 30_000, project);
      expect([entry, run.code]).toEqual([entry, 1]);
      expect(run.stderr).toContain('Invalid configuration:');
      expect(run.stderr).toMatch(/^\s*PORT:/m);
      expect(run.stderr).toMatch(/^\s*LOG_LEVEL:/m);
    }
    const overridden = await runBuilt(SERVICE, [], { LOG_LEVEL: 'warn' }, 30_000, project);
    expect(overridden.stderr).toMatch(/^\s*PORT:/m);
    expect(overridden.stderr).not.toContain('LOG_LEVEL');
  });

  it('the CLI: --help, -h, help and `<command> --help` print the usage and exit 0, without a database', async () => {
    for (const args of [['--help'], ['-h'], ['help'], ['users:create', '--help']]) {
      const run = await runBuilt(CLI, args, { DATABASE_URL: 'mysql://root@127.0.0.1:1/unreachable' });
      expect([args, run.code]).toEqual([args, 0]);
      expect(run.stdout).toContain('Usage: npm run cli -- <command> [options]');
      expect(run.stdout).toContain('users:list');
    }
  });

  it('the CLI: an unknown or missing command is a usage error (exit 2, usage on stderr)', async () => {
    for (const [args, message] of [
      [['frobnicate'], 'Unknown command "frobnicate"'],
      [[], 'No command given'],
    ] as const) {
      const run = await runBuilt(CLI, [...args], { DATABASE_URL: `sqlite:${join(dir, 'cli.sqlite')}` });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('Usage: npm run cli');
    }
  });

  it('the CLI on an unreachable database: one line, exit 1', async () => {
    const port = await freePort();
    const run = await runBuilt(CLI, ['users:list'], { DATABASE_URL: `mysql://root@127.0.0.1:${port}/events` });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([`Nothing accepts connections at 127.0.0.1:${port}: is MySQL/MariaDB running? (DATABASE_URL)`]);
  });
});
