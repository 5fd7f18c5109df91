import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eventually } from '../support/eventually';
import { ADMIN, ADMIN_USER, BASE, basic, startTestApp, TestApp } from '../support/test-app';

// Issue #13 finding 7: a burst of simultaneous logins from one IP must not get past the failed-login
// throttle (each attempt is reserved in the database before its password is checked) and must not
// make the service fail. Loopback only, bounded counts; both engines.
jest.setTimeout(120_000);

const LIMIT = 10;
const WRONG = basic(ADMIN_USER, 'WrongPassword000000000000');

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_FAILURES: String(LIMIT), LOGIN_FAILURE_WINDOW_SECONDS: '600', TRUST_PROXY: 'loopback' } });
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
});
afterAll(() => t?.close());

/**
 * A separate Node process opens one loopback connection per attempt and, once all are open, writes
 * every request at once: the server sees a real burst (a client in this process would be paced by the
 * server's own event loop). Prints the status of each answer, in order.
 */
const BURST_CLIENT = `
const net = require('node:net');
const { port, path, attempts } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const sockets = [];
const statuses = [];
let open = 0;
let closed = 0;
attempts.forEach((a, i) => {
  let text = '';
  const socket = net.connect(port, '127.0.0.1', () => {
    if (++open === attempts.length) sockets.forEach((s, j) => s.write(request(attempts[j])));
  });
  socket.on('data', (chunk) => (text += chunk));
  socket.on('error', () => undefined);
  socket.on('close', () => {
    statuses[i] = Number((/^HTTP\\/1\\.1 (\\d+)/.exec(text) || [])[1] || 0);
    if (++closed === attempts.length) process.stdout.write(JSON.stringify(statuses));
  });
  sockets.push(socket);
});
function request(a) {
  return 'GET ' + path + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAuthorization: ' + a.authorization +
    '\\r\\nX-Forwarded-For: ' + a.ip + '\\r\\nConnection: close\\r\\n\\r\\n';
}`;

async function burst(ip: string, size: number, authorization = (_i: number) => WRONG): Promise<number[]> {
  const attempts = Array.from({ length: size }, (_, i) => ({ ip, authorization: authorization(i) }));
  const child = spawn(process.execPath, ['-e', BURST_CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify({ port, path: BASE, attempts }));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await once(child, 'close');
  return JSON.parse(out) as number[];
}

/** One attempt on its own. */
async function attempt(ip: string, authorization: string): Promise<number> {
  return (await t.http.get(BASE).set('X-Forwarded-For', ip).set('Authorization', authorization)).status;
}

/** How many responses had each status. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('a burst of simultaneous logins from one client IP', () => {
  it('100 wrong logins: exactly the limit of 401s, the rest 429', async () => {
    expect(tally(await burst('203.0.113.100', 100))).toEqual({ 401: LIMIT, 429: 100 - LIMIT });
    const next = await t.http.get(BASE).set('X-Forwarded-For', '203.0.113.100').set('Authorization', WRONG).expect(429);
    expect(next.body).toEqual({ code: 'rest_too_many_requests', message: expect.any(String), data: { status: 429 } });
  });

  it('500 wrong logins: exactly the limit of 401s, the rest 429, never a 5xx', async () => {
    expect(tally(await burst('203.0.113.101', 500))).toEqual({ 401: LIMIT, 429: 500 - LIMIT });
  });

  it('checks at most the limit of wrong passwords, even with the right one hidden in the burst', async () => {
    // 60 attempts, one of them right: whatever order they reach the database in, each password is
    // checked only after winning one of the limit's slots, so at most LIMIT of them answer 401.
    const counts = tally(await burst('203.0.113.102', 60, (i) => (i === 59 ? ADMIN : WRONG)));
    expect(Object.keys(counts).every((status) => ['200', '401', '429'].includes(status))).toBe(true);
    expect(counts[401]).toBeLessThanOrEqual(LIMIT);
    expect(counts[429]).toBeGreaterThanOrEqual(60 - LIMIT - 1);
    // The throttle still holds afterwards, right password or not.
    expect(await attempt('203.0.113.102', ADMIN)).toBe(429);
  });

  it('a burst of right logins from one IP all get in and leave no failures behind', async () => {
    expect(tally(await burst('203.0.113.103', 50, () => ADMIN))).toEqual({ 200: 50 });
    // Their places are given back within a second (owed, then given back together).
    const failures = async () =>
      Number(
        (await t.db.sql.one<{ failures: number }>(`SELECT failures FROM ${t.db.sql.table('eca_login_failures')} WHERE client = ?`, ['203.0.113.103']))
          ?.failures ?? 0,
      );
    expect(await eventually(failures, (n) => n === 0)).toBe(0);
    // So the full allowance of failures is still there.
    expect(tally(await burst('203.0.113.103', 20))).toEqual({ 401: LIMIT, 429: 20 - LIMIT });
  });
});
