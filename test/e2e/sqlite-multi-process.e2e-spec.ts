import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsersService } from '../../src/auth/users.service';
import { runCommand } from '../../src/cli/commands';
import { ADMIN, BASE, basic, startTestApp, TestApp } from '../support/test-app';
import type { TestDatabase } from '../support/test-database';

// Issue #13, finding 10: two processes on one SQLite file (a second instance, or the CLI while the
// service runs). A write waits asynchronously for the other process's write lock (BEGIN IMMEDIATE,
// retried until DATABASE_POOL_WAIT_MS) and succeeds; past the bound it answers 503 with Retry-After
// and has written nothing; never 500, never half a write. Reads go on meanwhile (WAL).
jest.setTimeout(60_000);

const ROOT = resolve(__dirname, '../..');

/**
 * Another process holding the file's write lock: it begins IMMEDIATE, writes one option row, prints
 * `locked`, and commits (printing `committed`) after `holdMs`.
 */
const LOCK_HOLDER = `
const Database = require('better-sqlite3');
const [file, name, holdMs] = process.argv.slice(1);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO wp_options (option_name, option_value, autoload) VALUES (?, 'other process', 'no')").run(name);
process.stdout.write('locked\\n');
setTimeout(() => {
  db.exec('COMMIT');
  db.close();
  process.stdout.write('committed\\n');
}, Number(holdMs));`;

/**
 * Another process writing all the time, as a CLI or a second instance does: short write transactions
 * (one option row each, the lock held ~2 ms) one after the other for `forMs`; prints how many it wrote.
 */
const BUSY_WRITER = `
const Database = require('better-sqlite3');
const [file, prefix, forMs] = process.argv.slice(1);
const db = new Database(file, { timeout: 5000 });
db.pragma('journal_mode = WAL');
const insert = db.prepare("INSERT INTO wp_options (option_name, option_value, autoload) VALUES (?, 'other process', 'no')");
const pause = new Int32Array(new SharedArrayBuffer(4));
const until = Date.now() + Number(forMs);
let written = 0;
(function next() {
  if (Date.now() >= until) {
    db.close();
    return process.stdout.write(String(written));
  }
  db.exec('BEGIN IMMEDIATE');
  insert.run(prefix + written);
  Atomics.wait(pause, 0, 0, 2);
  db.exec('COMMIT');
  written++;
  setTimeout(next, 3);
})();`;

/** Starts the other process; resolves once it holds the write lock, with when it will have committed. */
async function holdWriteLock(file: string, option: string, holdMs: number): Promise<{ committed: Promise<number> }> {
  const child = spawn(process.execPath, ['-e', LOCK_HOLDER, file, option, String(holdMs)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let locked!: () => void;
  const holding = new Promise<void>((done) => (locked = done));
  const committed = new Promise<number>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('locked')) locked();
      if (out.includes('committed')) done(Date.now());
    });
    child.once('close', (code) => fail(new Error(`the lock holder exited (${code}) before committing`)));
  });
  committed.catch(() => undefined);
  await Promise.race([holding, committed]);
  return { committed };
}

describe('two processes on one SQLite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eca-multi-'));
  const file = join(dir, 'events.sqlite');
  const database: TestDatabase = { url: `sqlite:${file}`, name: file, drop: async () => undefined };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, env: { LOG_LEVEL: 'fatal' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sql = () => t.db.sql;
  const optionValue = async (name: string) =>
    (await sql().one<{ option_value: string }>(`SELECT option_value FROM ${sql().table('options')} WHERE option_name = ?`, [name]))?.option_value;
  const tagNames = async (like: string) =>
    (await sql().rows<{ name: string }>(`SELECT name FROM ${sql().table('terms')} WHERE name LIKE ? ORDER BY name`, [like])).map((r) => r.name);

  it('a write waits for another process’s short transaction, then succeeds; reads are served meanwhile', async () => {
    const other = await holdWriteLock(file, 'eca_test_short_lock', 1500);
    const write = t.http
      .post(`${BASE}/tags`)
      .set('Authorization', ADMIN)
      .send({ name: 'Waited for the lock' })
      .then((r) => r);
    const read = await t.http.get(`${BASE}/tags`);
    const readAt = Date.now();
    const written = await write;
    expect(read.status).toBe(200);
    expect(readAt).toBeLessThan(await other.committed);
    expect(written.status).toBe(201);
    expect(await optionValue('eca_test_short_lock')).toBe('other process');
    expect(await tagNames('Waited%')).toEqual(['Waited for the lock']);
  });

  it('a write that cannot get the lock within DATABASE_POOL_WAIT_MS answers 503 with Retry-After and writes nothing', async () => {
    const hurried = await startTestApp({ database, env: { DATABASE_POOL_WAIT_MS: '1000', LOG_LEVEL: 'fatal' } });
    try {
      const other = await holdWriteLock(file, 'eca_test_long_lock', 5000);
      const event = {
        title: 'Refused while locked',
        start_date: '2031-01-01 10:00:00',
        end_date: '2031-01-01 11:00:00',
        venue: { venue: 'Refused hall' },
        categories: ['Refused category'],
      };
      const refused = await hurried.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(event);
      const answeredAt = Date.now();
      expect([refused.status, refused.body]).toEqual([503, { code: 'rest_database_unavailable', message: expect.any(String), data: { status: 503 } }]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(answeredAt).toBeLessThan(await other.committed);
      const posts = await sql().one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM ${sql().table('posts')} WHERE post_title IN ('Refused while locked', 'Refused hall')`,
      );
      expect(Number(posts!.n)).toBe(0);
      expect(await tagNames('Refused%')).toEqual([]);
      expect(await optionValue('eca_test_long_lock')).toBe('other process');
      // Sent again once the other process has committed: written whole.
      const again = await hurried.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(event);
      expect(again.status).toBe(201);
      expect(again.body.venue.venue).toBe('Refused hall');
    } finally {
      await hurried.app.close();
    }
  });

  it('writes of the service, a second instance and the CLI all land while another process keeps writing', async () => {
    const busy = spawn(process.execPath, ['-e', BUSY_WRITER, file, 'eca_test_busy_', '3000'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    busy.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const busyWrote = new Promise<number>((done) => busy.once('close', () => done(Number(out))));
    const second = await startTestApp({ database, env: { LOG_LEVEL: 'fatal' } });
    try {
      const writes = [t, second].flatMap((app, a) =>
        Array.from({ length: 15 }, (_, i) =>
          app.http
            .post(`${BASE}/tags`)
            .set('Authorization', ADMIN)
            .send({ name: `Instance ${a} tag ${String(i).padStart(2, '0')}` }),
        ),
      );
      const users = second.app.get(UsersService);
      const lines: string[] = [];
      const cli = async () => {
        await runCommand(
          ['users:create', '--login', 'cli-editor', '--email', 'cli-editor@example.org', '--role', 'editor'],
          users,
          () => undefined,
          second.app,
        );
        await runCommand(['app-passwords:create', '--login', 'cli-editor', '--name', 'cli'], users, (l) => lines.push(l), second.app);
      };
      const [answers] = await Promise.all([Promise.all(writes), cli()]);
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
      expect(await tagNames('Instance %')).toHaveLength(30);
      // The CLI's password, written by the second instance, logs in on the first.
      await t.http.get(BASE).set('Authorization', basic('cli-editor', lines[1])).expect(200);
      const wrote = await busyWrote;
      const rows = await sql().one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql().table('options')} WHERE option_name LIKE 'eca_test_busy_%'`);
      expect(wrote).toBeGreaterThan(0);
      expect(Number(rows!.n)).toBe(wrote);
    } finally {
      await second.app.close();
    }
  });
});
