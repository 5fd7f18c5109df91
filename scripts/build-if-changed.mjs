// `npm run build`: compiles with tsc only when a source file changed since the last build. tsc needs
// about 13 s even when nothing changed (it re-reads every declaration file), where this check takes
// a fraction of a second; `npm start` and `npm run cli` go through it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const OUTPUT = join(ROOT, 'dist', 'src', 'main.js');
/** Everything the output depends on: the sources, the compiler's settings, and the installed packages. */
const INPUTS = ['src', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** The file at `path`, or every file under the directory, in a stable order. */
function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) return yield path;
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

/** A hash of the inputs' names and contents (not their times: a checkout rewrites those). */
function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(ROOT, input))) {
      hash.update(`${file.slice(ROOT.length)}\0`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built = () => existsSync(OUTPUT) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === current;
if (built()) process.exit(0);

// Several processes may ask at once (jest's workers each start the built service): one compiles while
// the others wait for its lock, then find the build done. The lock names its process: a lock whose
// process is gone (killed mid-build) is taken over at once, and any lock older than the longest build.
const LOCK = join(ROOT, '.build-lock');
const OWNER = join(LOCK, 'pid');
const STALE_MS = 10 * 60 * 1000;
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
const abandoned = () => {
  const since = statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
  if (since === undefined) return false; // released meanwhile: try again
  const owner = Number(existsSync(OWNER) ? readFileSync(OWNER, 'utf8') : NaN);
  // A lock just made may not name its process yet: only its age can make it stale.
  return Date.now() - since > STALE_MS || (owner > 0 && !alive(owner));
};
for (;;) {
  try {
    mkdirSync(LOCK);
    writeFileSync(OWNER, String(process.pid));
    break;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    if (abandoned()) rmSync(LOCK, { recursive: true, force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}
const release = () => rmSync(LOCK, { recursive: true, force: true });
process.on('exit', release);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
if (built()) process.exit(0);

// On stderr, so that `npm run cli` keeps its stdout for the command's own output.
process.stderr.write(`Building (the first start takes about a minute; later ones only when a source file changed)…\n`);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
if (build.status === 0) writeFileSync(STAMP, current);
process.exit(build.status ?? 1);
