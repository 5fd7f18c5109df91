import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

let memo: string | undefined;

/**
 * A hash of the code that renders the values (every source file of this build, and the dependency
 * lock), computed once per process. It is part of every read model row's kind, so a new version of
 * the service never answers from rows an older one rendered: they are rebuilt as they are read.
 */
export function codeFingerprint(): string {
  if (memo) return memo;
  const root = resolve(__dirname, '..');
  const hash = createHash('sha1');
  for (const file of codeFiles(root)) hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  const lock = resolve(root, '..', 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  return (memo = hash.digest('hex'));
}

/** The `.ts`/`.js` files under `dir` (declarations left out), in a stable order. */
function codeFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...codeFiles(path));
    else if (/\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}
