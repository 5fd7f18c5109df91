import { execFile, execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

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
