// `npm run bench -- [--engine sqlite|mysql] [--events N] [--duration S] [--scenarios a,b] [--connections 1,16]
// [--reuse] [--skip-build]` (or BENCH_ENGINE, BENCH_EVENTS, BENCH_DURATION, BENCH_SCENARIOS,
// BENCH_CONNECTIONS, BENCH_REUSE=1, BENCH_SKIP_BUILD=1, BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306,
// BENCH_MYSQL_DATABASE=eca_bench (e.g. eca_bench_1m to keep a large seed apart);
// BENCH_NODE_OPTIONS adds node flags to the service, e.g. --cpu-prof).
//
// Seeds a dedicated database (bench/.data/bench-N.sqlite or the MariaDB database `eca_bench`) with the
// `seed` CLI command, builds and starts the service in production mode on a loopback port, drives each
// scenario with autocannon from a separate process (bench/load.mjs) for a fixed time at each
// concurrency, samples the service's RSS, prints a table and writes bench/results/<engine>-<N>-<time>.json.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BASE = '/wp-json/tribe/events/v1';
const ADMIN_USER = 'bench-admin';
const ADMIN_PASSWORD = 'BenchAdminPassword1234';

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: process.env.BENCH_ENGINE ?? 'sqlite' },
    events: { type: 'string', default: process.env.BENCH_EVENTS ?? '10000' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    scenarios: { type: 'string', default: process.env.BENCH_SCENARIOS ?? '' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '1,16' },
    reuse: { type: 'boolean', default: process.env.BENCH_REUSE === '1' },
    'skip-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
  },
});
const engine = flags.engine;
if (!['sqlite', 'mysql'].includes(engine)) throw new Error('--engine must be sqlite or mysql');
const events = Number(flags.events);
const duration = Number(flags.duration);
const concurrencies = flags.connections.split(',').map(Number);
if (!(events >= 1) || !(duration >= 1) || concurrencies.some((c) => !(c >= 1))) throw new Error('--events, --duration and --connections must be positive numbers');

const mysqlServer = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const sqliteFile = join(ROOT, 'bench', '.data', `bench-${events}.sqlite`);
const mysqlDatabase = process.env.BENCH_MYSQL_DATABASE ?? 'eca_bench';
if (!/^\w+$/.test(mysqlDatabase)) throw new Error('BENCH_MYSQL_DATABASE must be letters, digits or underscores');
const databaseUrl = engine === 'mysql' ? `${mysqlServer}/${mysqlDatabase}` : `sqlite:${sqliteFile}`;
const baseEnv = { ...process.env, DATABASE_URL: databaseUrl, ADMIN_USER, ADMIN_PASSWORD, LOG_LEVEL: 'warn', NODE_ENV: 'production' };

const run = (cmd, args, env = baseEnv) => execFileSync(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });

async function freshDatabase() {
  if (engine === 'sqlite') {
    mkdirSync(dirname(sqliteFile), { recursive: true });
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
    return;
  }
  const mysql = await import('mysql2/promise');
  const connection = await mysql.createConnection(mysqlServer);
  await connection.query(`DROP DATABASE IF EXISTS \`${mysqlDatabase}\``);
  await connection.query(`CREATE DATABASE \`${mysqlDatabase}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  await connection.end();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB: current (VmRSS) and high-water mark (VmHWM). */
function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    const rss = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;
    return { rss, hwm: rss };
  }
}

async function startService(port) {
  const service = spawn(process.execPath, [...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean), 'dist/src/main.js'], {
    cwd: ROOT,
    env: { ...baseEnv, PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its log is shown while it is measured, not the errors of requests cut off by the shutdown.
  const forward = (chunk) => process.stderr.write(chunk);
  for (const stream of [service.stdout, service.stderr]) {
    stream.on('data', forward);
    service.on('bench-stop', () => stream.off('data', forward));
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (service.exitCode !== null) throw new Error(`The service exited with code ${service.exitCode}`);
    try {
      if ((await fetch(`${url}${BASE}/events?per_page=1`)).ok) return { service, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  service.kill();
  throw new Error('The service did not answer within 60 s');
}

/** IDs, slugs and terms the scenarios request, read through the API itself. */
async function sampleData(url) {
  const get = async (path) => (await (await fetch(`${url}${BASE}${path}`)).json());
  const list = await get('/events?per_page=50');
  const more = await get('/events?per_page=50&page=3');
  const sampled = [...list.events, ...(more.events ?? [])];
  const categories = (await get('/categories?per_page=50')).categories;
  const venues = (await get('/venues?per_page=50')).venues;
  const top = [...categories].sort((a, b) => b.count - a.count)[0];
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    base: BASE,
    ids: sampled.map((e) => e.id),
    slugs: sampled.map((e) => e.slug),
    categories: categories.map((c) => c.id),
    venues: venues.map((v) => v.id),
    auth: `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}`,
    windowQuery: `categories=${top.id}&start_date=${day(30)}&end_date=${day(60)}`,
  };
}

function scenarios(sample) {
  return [
    { name: 'events', path: `${BASE}/events` },
    { name: 'events-per-page-50', path: `${BASE}/events?per_page=50` },
    { name: 'events-category-window', path: `${BASE}/events?${sample.windowQuery}` },
    { name: 'event-by-id', path: `${BASE}/events/${sample.ids[0]}` },
    { name: 'event-by-slug', path: `${BASE}/events/by-slug/${sample.slugs[0]}` },
    { name: 'venues', path: `${BASE}/venues` },
    { name: 'organizers', path: `${BASE}/organizers` },
    { name: 'categories', path: `${BASE}/categories` },
    { name: 'mixed', path: `${BASE}/events` },
  ];
}

/** Runs autocannon in its own process; samples the service's RSS meanwhile. */
function drive(url, scenario, connections, seconds, sample, pid) {
  return new Promise((resolve, reject) => {
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 100);
    const job = JSON.stringify({ url, path: scenario.path, connections, duration: seconds, scenario: scenario.name, sample });
    const load = spawn(process.execPath, [join(ROOT, 'bench', 'load.mjs'), job], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    load.stdout.on('data', (chunk) => (out += chunk));
    load.on('error', reject);
    load.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve({ result: JSON.parse(out), peakRss: Math.max(peak, memory(pid).rss) });
    });
  });
}

/**
 * Waits until the service answers a single-event read quickly again: requests a scenario left behind
 * (slow lists cut off by autocannon's end) must not be measured in the next one.
 */
async function settle(url, sample) {
  for (let i = 0; i < 120; i++) {
    const started = performance.now();
    await fetch(`${url}${BASE}/events/${sample.ids[0]}`).then((r) => r.arrayBuffer());
    if (performance.now() - started < 100) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function table(rows) {
  const header = ['scenario', 'c', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'peak RSS MB'];
  // No latency: every request timed out (10 s), counted under errors.
  const ms = (value) => (value === null ? '-' : String(value));
  const lines = rows.map((r) => [r.scenario, r.connections, r.rps.toFixed(0), ms(r.p50), ms(r.p99), r.errors, r.non2xx, r.peakRssMb.toFixed(0)].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [fmt(header), `|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`, ...lines.map(fmt)].join('\n');
}

async function main() {
  const loadBefore = os.loadavg()[0];
  if (loadBefore > 0.5) console.warn(`Warning: load average ${loadBefore.toFixed(2)} before the run; other work on this machine skews the figures.`);
  if (!flags['skip-build']) {
    console.log(`Building …`);
    run('npm', ['run', 'build', '--silent']);
  }
  const reuse = flags.reuse && (engine === 'mysql' || existsSync(sqliteFile));
  if (!reuse) {
    await freshDatabase();
    console.log(`Seeding ${events} events into ${databaseUrl} …`);
    run(process.execPath, ['dist/src/cli/main.js', 'seed', '--events', String(events)]);
  }
  const port = await freePort();
  const { service, url } = await startService(port);
  const stop = () => {
    service.emit('bench-stop');
    if (service.exitCode === null) service.kill('SIGTERM');
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));
  try {
    const sample = await sampleData(url);
    const filter = flags.scenarios ? flags.scenarios.split(',') : undefined;
    const chosen = scenarios(sample).filter((s) => !filter || filter.includes(s.name));
    const rows = [];
    for (const scenario of chosen) {
      await drive(url, scenario, 4, 2, sample, service.pid); // warm-up, not recorded
      for (const connections of concurrencies) {
        await settle(url, sample);
        const { result, peakRss } = await drive(url, scenario, connections, duration, sample, service.pid);
        const row = {
          scenario: scenario.name,
          connections,
          rps: result.requests.average,
          p50: result.exactLatency.p50,
          p99: result.exactLatency.p99,
          errors: result.errors, // timeouts included
          non2xx: result.non2xx,
          peakRssMb: peakRss,
          requests: result.requests.total,
        };
        rows.push(row);
        console.log(`${scenario.name} c${connections}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}, RSS ${peakRss.toFixed(0)} MB`);
      }
    }
    const peakRssMb = memory(service.pid).hwm;
    console.log(`\n${engine}, ${events} events, ${duration} s per scenario, service peak RSS (VmHWM) ${peakRssMb.toFixed(0)} MB\n`);
    console.log(table(rows));
    const report = {
      engine,
      events,
      durationSeconds: duration,
      serviceHighWaterRssMb: Math.round(peakRssMb),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg()[0],
      date: new Date().toISOString(),
      commit: (() => {
        try {
          return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
        } catch {
          return undefined;
        }
      })(),
      results: rows,
    };
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    const file = join(ROOT, 'bench', 'results', `${engine}-${events}-${report.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${file}`);
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
