// What each statement of one request costs the local MariaDB server: turns on MariaDB's general log,
// sends the request once to a running service, turns the log off, then replays every statement the
// request sent, `--times` times on 4 connections, and prints mariadbd's CPU time per execution (from
// /proc) beside the wall time. The service must run on the same database, with its caches off so the
// request reaches the database (RESPONSE_CACHE_TTL_SECONDS=0).
//
// Usage: node bench/statement-cpu.mjs --url http://127.0.0.1:3000/wp-json/tribe/events/v1/events
//          [--database eca_bench_fixture] [--times 2000] [--auth user:password]
// (BENCH_MYSQL_URL as for `npm run bench`; needs the SUPER or the SYSTEM VARIABLES ADMIN privilege.)
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createPool } from 'mysql2/promise';
import { cpuMs, localDatabasePid } from './cpu.mjs';

const { values: flags } = parseArgs({
  options: {
    url: { type: 'string' },
    database: { type: 'string', default: 'eca_bench_fixture' },
    times: { type: 'string', default: '2000' },
    auth: { type: 'string' },
  },
});
if (!flags.url) throw new Error('--url is required (a request to a running service on the same database)');
const server = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const pid = localDatabasePid(`${server}/${flags.database}`);
if (!pid) throw new Error(`no local MariaDB/MySQL server process for ${server}`);
const address = new URL(server);
const pool = createPool({
  host: address.hostname,
  port: Number(address.port || 3306),
  user: decodeURIComponent(address.username || 'root'),
  password: decodeURIComponent(address.password),
  database: flags.database,
  connectionLimit: 4,
});
const headers = flags.auth ? { authorization: `Basic ${Buffer.from(flags.auth).toString('base64')}` } : {};

/**
 * The statements of the log file's `Query` entries (an entry goes on until the next entry's line; one
 * entry holds every statement of a shared round trip, joined by `;` and a line break:
 * src/database/statement-batch.ts).
 */
function loggedStatements(file) {
  const entry = /^(?:\d{6}\s+\d{1,2}:\d\d:\d\d)?\t\s*\d+ (\w[\w ]*?)\t(.*)$/;
  const entries = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = entry.exec(line);
    if (match) entries.push({ command: match[1], text: match[2] });
    else if (entries.length) entries[entries.length - 1].text += `\n${line}`;
  }
  return entries
    .filter((e) => e.command === 'Query')
    .flatMap((e) => e.text.split(/;\n/))
    .filter((text) => /^\s*SELECT\b/i.test(text) && !/general_log|^\s*SELECT 1\s*$/i.test(text))
    .map((text) => text.trim().replace(/;$/, ''));
}

const log = join(tmpdir(), `statement-cpu-${process.pid}.log`);
await fetch(flags.url, { headers }).then((r) => r.arrayBuffer()); // once before, so the service's own start-up reads are not logged
// The server's own log settings are put back whatever happens (the general log is server-wide).
const [[saved]] = await pool.query('SELECT @@GLOBAL.general_log AS enabled, @@GLOBAL.general_log_file AS file');
let status;
try {
  await pool.query('SET GLOBAL general_log_file = ?', [log]);
  await pool.query('SET GLOBAL general_log = 1');
  status = await fetch(flags.url, { headers }).then(async (r) => (await r.arrayBuffer(), r.status));
} finally {
  await pool.query('SET GLOBAL general_log = ?', [Number(saved.enabled)]);
  await pool.query('SET GLOBAL general_log_file = ?', [saved.file]);
}
const statements = loggedStatements(log);
rmSync(log, { force: true });
console.log(`${flags.url}: HTTP ${status}, ${statements.length} SELECT statements; each replayed ${flags.times} times on 4 connections`);

const times = Number(flags.times);
let total = 0;
for (const sql of statements) {
  const before = cpuMs(pid);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next++ < times) await pool.query(sql);
    }),
  );
  const cpu = (cpuMs(pid) - before) / times;
  total += cpu;
  console.log(`${cpu.toFixed(3)} ms CPU  ${((performance.now() - started) / times).toFixed(3)} ms wall  ${sql.replace(/\s+/g, ' ').slice(0, 120)}`);
}
console.log(`${total.toFixed(3)} ms of MariaDB CPU for the request's statements, replayed one by one`);
await pool.end();
