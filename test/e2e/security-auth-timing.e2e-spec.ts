import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AuthService } from '../../src/auth/auth.service';
import { HashWorkProfile } from '../../src/auth/hash-work-profile.service';
import { UsersService } from '../../src/auth/users.service';
import { Sql } from '../../src/database/sql';
import { UsersStore } from '../../src/wordpress/users.store';
import { ADMIN, ADMIN_PASSWORD, ADMIN_USER, BASE, basic, startTestApp, TestApp } from '../support/test-app';

// Issue #13 finding 6: a failed login must not tell whether the login exists. What an attacker can time
// is the work behind the 401, so this proves that work equal without a stopwatch: the SQL statements a
// failed login runs (text and order) and the hash computations it makes (BLAKE2b for `$generic$`, MD5
// rounds for phpass, bcrypt compares), recorded by spies that let every call through, on Sql (the one
// way SQL reaches the database) and on the crypto libraries. A loose stopwatch check follows. Both engines.

// The modules themselves (not import-interop copies), so spies see the calls the service makes.
/* eslint-disable @typescript-eslint/no-require-imports */
const crypto = require('node:crypto') as typeof import('node:crypto');
const blakejs = require('blakejs') as typeof import('blakejs');
const bcryptjs = require('bcryptjs') as typeof import('bcryptjs');
/* eslint-enable @typescript-eslint/no-require-imports */

const WRONG = 'WrongPassword000000000000';
/** A legacy application password as WordPress < 6.8 stored it (portable phpass, WordPress's cost `B`). */
const LEGACY_PHPASS = '$P$B12345678L6Lpt4BxNotVIMILOa9u81';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_FAILURES: '1000' } });
  const users = t.app.get(UsersService);
  // An account with several application passwords, one of them legacy phpass…
  const many = await users.create({ login: 'many-passwords', email: 'many@example.org', role: 'editor' });
  for (const name of ['laptop', 'phone', 'ci']) await users.addApplicationPassword(many, name);
  const store = t.app.get(UsersStore);
  await t.db.transaction(async () => {
    const items = await store.applicationPasswords(many);
    const legacy = { uuid: randomUUID(), app_id: '', name: 'old', password: LEGACY_PHPASS, created: 1, last_used: null, last_ip: null };
    await store.saveApplicationPasswords(many, [...items, legacy]);
  });
  // …one with none, and one whose login looks like an e-mail address.
  await users.create({ login: 'no-passwords', email: 'none@example.org', role: 'author' });
  const mailLike = await users.create({ login: 'mail@login.example', email: 'other@example.org', role: 'author' });
  await users.addApplicationPassword(mailLike, 'app');
  // What every instance does each minute: the legacy hash was written behind UsersService's back.
  await t.app.get(HashWorkProfile).refresh();
});
afterAll(() => t?.close());

interface Work {
  status: number;
  /** SQL text of every statement, in order (parameters differ, shapes must not). */
  statements: string[];
  blake2b: number;
  md5: number;
  bcrypt: number;
}

/** One login over HTTP, with the statements it ran and the hash computations it made. */
async function login(name: string, password = WRONG): Promise<Work> {
  const rows = jest.spyOn(Sql.prototype, 'rows');
  const run = jest.spyOn(Sql.prototype, 'run');
  const blake2b = jest.spyOn(blakejs, 'blake2b');
  const hash = jest.spyOn(crypto, 'hash');
  const createHash = jest.spyOn(crypto, 'createHash');
  const compare = jest.spyOn(bcryptjs, 'compareSync');
  try {
    const res = await t.http.get(BASE).set('Authorization', basic(name, password));
    const calls = [rows, run].flatMap((spy) => spy.mock.calls.map((args, i) => ({ sql: args[0], order: spy.mock.invocationCallOrder[i] })));
    const md5 = (spy: typeof hash | typeof createHash) => spy.mock.calls.filter((args) => args[0] === 'md5').length;
    return {
      status: res.status,
      // The site's options (the roles with the settings) are read by whichever login comes first in a
      // data version generation, then shared (options.store.ts): what they cost depends on the order, not the login.
      statements: calls
        .sort((a, b) => a.order - b.order)
        .map((c) => c.sql.replace(/\s+/g, ' ').trim())
        .filter((sql) => !/FROM [`"]wp_options[`"]/.test(sql)),
      blake2b: blake2b.mock.calls.length,
      md5: md5(hash) + md5(createHash),
      bcrypt: compare.mock.calls.length,
    };
  } finally {
    for (const spy of [rows, run, blake2b, hash, createHash, compare]) spy.mockRestore();
  }
}

describe('a failed login does the same work whether or not the login exists', () => {
  it('unknown login, known logins with one, several (one of them legacy phpass) or no application passwords', async () => {
    const unknown = await login('nobody-here');
    expect(unknown.status).toBe(401);
    // The work of the site's account with the most application passwords: its three `$generic$` and
    // its phpass one (cost B: 2^13 MD5 rounds).
    expect(unknown.blake2b).toBeGreaterThanOrEqual(3);
    expect(unknown.md5).toBeGreaterThan(2 ** 13);
    expect(unknown.statements.some((s) => s.includes('usermeta'))).toBe(true);
    for (const known of [ADMIN_USER, 'many-passwords', 'no-passwords']) expect(await login(known)).toEqual(unknown);
    // The padding is never a way in: the right password still logs in.
    await t.http.get(BASE).set('Authorization', ADMIN).expect(200);
  });

  it('e-mail-shaped values: unknown, an existing e-mail address, an existing login that looks like one', async () => {
    const unknown = await login('nobody@example.org');
    expect(unknown.status).toBe(401);
    for (const known of ['many@example.org', 'mail@login.example', 'admin@localhost']) expect(await login(known)).toEqual(unknown);
  });

  it('reads the user with its meta in one statement, application passwords and capabilities together, on success as on failure (issue #32)', async () => {
    const success = await login(ADMIN_USER, ADMIN_PASSWORD);
    const failure = await login(ADMIN_USER);
    expect(success.status).toBe(200);
    expect(failure.status).toBe(401);
    for (const work of [success, failure]) {
      const users = work.statements.filter((text) => /\S*(users|usermeta)\W/.test(text));
      expect(users).toEqual([expect.stringMatching(/FROM \S*users\W u LEFT JOIN \S*usermeta\W m .*meta_key IN \(\?, \?\)/)]);
    }
  });

  it('an empty or unusual password changes nothing either', async () => {
    for (const password of ['', '   ', 'x'.repeat(5000)]) {
      const unknown = await login('nobody-here', password);
      expect(unknown.status).toBe(401);
      for (const known of [ADMIN_USER, 'many-passwords']) expect(await login(known, password)).toEqual(unknown);
    }
  });
});

describe('a failed login takes as long whether or not the login exists', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await startTestApp({ env: { LOGIN_MAX_FAILURES: '0' } });
  });
  afterAll(() => fresh?.close());

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

  async function duration(header: string): Promise<number> {
    const auth = fresh.app.get(AuthService);
    const start = performance.now();
    await auth.authenticate(header).catch(() => undefined);
    return performance.now() - start;
  }

  it('medians of interleaved attempts within 1.5× of each other (before the fix: 2.5–3.3×)', async () => {
    // In-process, so HTTP jitter does not drown the difference; alternating, so load from other
    // processes falls on both alike. The bound is loose on purpose: the proof of equal work is above.
    const unknown = basic('nobody-here', WRONG);
    const known = basic(ADMIN_USER, WRONG);
    for (let i = 0; i < 50; i++) await duration(unknown).then(() => duration(known)); // warm-up
    const times = { unknown: [] as number[], known: [] as number[] };
    for (let i = 0; i < 300; i++) {
      const order: Array<keyof typeof times> = i % 2 ? ['unknown', 'known'] : ['known', 'unknown'];
      for (const which of order) times[which].push(await duration(which === 'unknown' ? unknown : known));
    }
    const ratio = median(times.known) / median(times.unknown);
    expect(ratio).toBeLessThan(1.5);
    expect(ratio).toBeGreaterThan(1 / 1.5);
  });
});

describe('a login and an e-mail address of two users', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await startTestApp();
  });
  afterAll(() => own?.close());

  it('a value that is one user’s login and another’s e-mail address names the first, as WordPress does', async () => {
    const users = own.app.get(UsersService);
    // The one it names by e-mail address first: the lower ID does not decide.
    const byEmail = await users.create({ login: 'second-user', email: 'both@example.org', role: 'author' });
    const byLogin = await users.create({ login: 'both@example.org', email: 'first@example.org', role: 'editor' });
    const first = await users.addApplicationPassword(byLogin, 'app');
    const second = await users.addApplicationPassword(byEmail, 'app');
    const auth = own.app.get(AuthService);
    expect((await auth.authenticate(basic('both@example.org', first.plain))).id).toBe(byLogin);
    // The other user's password does not open the account the value names first.
    await expect(auth.authenticate(basic('both@example.org', second.plain))).rejects.toMatchObject({ status: 401 });
    expect((await auth.authenticate(basic('first@example.org', first.plain))).id).toBe(byLogin);
  });
});
