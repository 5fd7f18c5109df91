// `npm run soak -- [--minutes 10] [--connections 8] [--skip-build]` (or SOAK_MYSQL_URL=mysql://root@127.0.0.1:3306).
//
// Not a CI test: starts the built service on a fresh MariaDB database (`eca_soak`) on a loopback port,
// then drives mixed reads and writes with autocannon for N one-minute rounds and prints, per minute,
// the request count, the errors (non-2xx answers, socket errors, timeouts), p99 latency and the
// service's RSS, then the drift of p99 and RSS between the first and the last minute.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BASE = '/wp-json/tribe/events/v1';
const ADMIN_USER = 'soak-admin';
const ADMIN_PASSWORD = 'SoakAdminPassword1234';
const AUTH = `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}`;

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: process.env.SOAK_MINUTES ?? '10' },
    connections: { type: 'string', default: process.env.SOAK_CONNECTIONS ?? '8' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const minutes = Number(flags.minutes);
const connections = Number(flags.connections);
if (!(minutes >= 1) || !(connections >= 1)) throw new Error('--minutes and --connections must be positive numbers');
const server = (process.env.SOAK_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');

async function freshDatabase() {
  const mysql = await import('mysql2/promise');
  const connection = await mysql.createConnection(server);
  await connection.query('DROP DATABASE IF EXISTS eca_soak');
  await connection.query('CREATE DATABASE eca_soak CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci');
  await connection.end();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
}

async function startService() {
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: `${server}/eca_soak`,
    ADMIN_USER,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  const service = spawn(process.execPath, ['dist/src/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}${BASE}/events`)).ok) return { service, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  service.kill();
  throw new Error('the service did not start');
}

async function api(url, method, path, body) {
  const res = await fetch(`${url}${BASE}${path}`, {
    method,
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A few venues, organizers, categories and events for the load to read and update. */
async function seed(url) {
  const venues = [];
  const organizers = [];
  const categories = [];
  const events = [];
  for (let i = 0; i < 5; i++) {
    venues.push((await api(url, 'POST', '/venues', { venue: `Soak venue ${i}`, city: 'Lyon' })).id);
    organizers.push((await api(url, 'POST', '/organizers', { organizer: `Soak organizer ${i}` })).id);
    categories.push((await api(url, 'POST', '/categories', { name: `Soak category ${i}` })).id);
  }
  for (let i = 0; i < 50; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const event = await api(url, 'POST', '/events', {
      title: `Soak event ${i}`,
      start_date: `2030-01-${day} 10:00:00`,
      end_date: `2030-01-${day} 12:00:00`,
      venue: venues[i % 5],
      organizer: [organizers[i % 5]],
      categories: [categories[i % 5]],
    });
    events.push(event.id);
  }
  return { venues, organizers, categories, events };
}

const any = (list) => list[Math.floor(Math.random() * list.length)];

/** 80% reads (event list, single event, venue list, category list), 20% writes (create and update events, update venues). */
function mixed(sample) {
  let n = 0;
  const json = (method, path, body) => ({
    method,
    path: `${BASE}${path}`,
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: JSON.stringify(body),
  });
  return (req) => {
    const roll = Math.random();
    n++;
    if (roll < 0.3) return { ...req, method: 'GET', path: `${BASE}/events?per_page=10`, headers: {}, body: undefined };
    if (roll < 0.6) return { ...req, method: 'GET', path: `${BASE}/events/${any(sample.events)}`, headers: {}, body: undefined };
    if (roll < 0.7) return { ...req, method: 'GET', path: `${BASE}/venues`, headers: {}, body: undefined };
    if (roll < 0.8) return { ...req, method: 'GET', path: `${BASE}/categories`, headers: {}, body: undefined };
    if (roll < 0.87) {
      return {
        ...req,
        ...json('PATCH', `/events/${any(sample.events)}`, {
          title: `Updated ${n}`,
          cost: String(n % 50),
          categories: [any(sample.categories)],
          organizer: [any(sample.organizers)],
        }),
      };
    }
    if (roll < 0.93) return { ...req, ...json('PATCH', `/venues/${any(sample.venues)}`, { city: `City ${n}` }) };
    const day = String(1 + (n % 28)).padStart(2, '0');
    return {
      ...req,
      ...json('POST', '/events', {
        title: `Soak write ${n}`,
        start_date: `2031-02-${day} 18:00:00`,
        end_date: `2031-02-${day} 19:00:00`,
        venue: any(sample.venues),
      }),
    };
  };
}

async function minute(url, sample) {
  const latencies = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections,
    duration: 60,
    timeout: 10,
    requests: [{ method: 'GET', path: `${BASE}/events`, setupRequest: mixed(sample) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status >= 400) errors++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const p99 = latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(0.99 * latencies.length) - 1)] : 0;
  return { requests: latencies.length, errors: errors + result.errors + result.timeouts, p99: Math.round(p99 * 10) / 10 };
}

if (!flags['skip-build']) execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
await freshDatabase();
const { service, url } = await startService();
// Interrupted (Ctrl-C, kill): stop the service this script started too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    service.kill('SIGTERM');
    process.exit(130);
  });
}
try {
  const sample = await seed(url);
  const rows = [];
  for (let m = 1; m <= minutes; m++) {
    const round = await minute(url, sample);
    rows.push({ minute: m, ...round, rssMb: Math.round(rssMb(service.pid)) });
    console.log(JSON.stringify(rows.at(-1)));
  }
  const first = rows[0];
  const last = rows.at(-1);
  const summary = {
    minutes,
    connections,
    requests: rows.reduce((s, r) => s + r.requests, 0),
    errors: rows.reduce((s, r) => s + r.errors, 0),
    p99DriftMs: Math.round((last.p99 - first.p99) * 10) / 10,
    rssDriftMb: last.rssMb - first.rssMb,
  };
  console.table(rows);
  console.log(JSON.stringify(summary));
} finally {
  service.kill('SIGTERM');
}
