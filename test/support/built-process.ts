import { ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { ADMIN_PASSWORD, ADMIN_USER } from './test-app';
import { createTestDatabase, ENGINE } from './test-database';

export const ROOT = resolve(__dirname, '../..');

/** `npm run build` (incremental: nothing is emitted again when no source changed). */
export function buildOnce(): void {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'pipe' });
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a built entry point (`dist/src/main.js`, `dist/src/cli/main.js`) to its end with only `env` set,
 * in the repository (or in `cwd`, where a `.env` of the test's own may be).
 */
export function runBuilt(entry: string, args: string[], env: Record<string, string>, timeoutMs = 30_000, cwd = ROOT): Promise<Finished> {
  return new Promise((done) => {
    const options = { cwd, env: { PATH: process.env.PATH ?? '', ...env }, timeout: timeoutMs };
    execFile(process.execPath, [resolve(ROOT, entry), ...args], options, (error, stdout, stderr) => {
      const code = error ? ((error as { code?: number | string }).code as number | null) : 0;
      done({ code: typeof code === 'number' ? code : null, stdout, stderr });
    });
  });
}

/** A built server (`dist/src/main.js`) running on a free port, on a database of its own. */
export interface BuiltServer {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Kills it if still running, drops its database and removes its folder. */
  close(): Promise<void>;
}

/**
 * Builds and starts the service as a user would (`node dist/src/main.js`) with only `env` added to the
 * test's settings, and waits for its "on" line: a fresh SQLite file, or a fresh MariaDB database.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  buildOnce();
  const dir = mkdtempSync(join(tmpdir(), 'eca-built-'));
  const database = ENGINE === 'mysql' ? await createTestDatabase() : undefined;
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: database?.url ?? `sqlite:${join(dir, 'events.sqlite')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USER,
      ADMIN_PASSWORD,
      SHUTDOWN_TIMEOUT_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200 && !output.includes('Events Calendar API on'); i++) await new Promise((done) => setTimeout(done, 100));
  if (!output.includes('Events Calendar API on')) {
    await close();
    throw new Error(`server did not start:\n${output}`);
  }
  return { child, port, output: () => output, close };
}
