// `npm run bench -- --scenarios import [--engine sqlite|mysql] [--events N] [--repeat R] [--skip-build]`: issue #34's
// "Fast" row. Generates an iCalendar file of N VEVENTs (default 10,000; bench/ical-file.mjs: a tenth
// weekly series of 10, venues, categories, all-day events, three zones), starts the built service on
// a fresh database (bench/.data/bench-import.sqlite or the MariaDB database `eca_bench_import`), and
// times `POST /eca/v1/imports` of the file as the body, then of the same file again (every event
// unchanged). R runs, each on a fresh database; prints each run, the range and the target, and writes
// bench/results/<engine>-import-N-<time>.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { freshMysqlDatabase, freshSqliteFile, ROOT } from './database.mjs';
import { benchCalendar } from './ical-file.mjs';
import { startService } from './processes.mjs';
import { BASE } from './scenarios.mjs';
import { IMPORT_TARGET } from './targets.mjs';

const ADMIN = { user: 'bench-admin', password: 'BenchAdminPassword1234' };
const IMPORTS = '/wp-json/eca/v1/imports';

/** One timed POST of the file: seconds and the report's counts. */
async function timedImport(url, body) {
  const started = performance.now();
  const response = await fetch(`${url}${IMPORTS}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/calendar', Authorization: `Basic ${Buffer.from(`${ADMIN.user}:${ADMIN.password}`).toString('base64')}` },
    body,
  });
  const report = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 201) throw new Error(`POST ${IMPORTS} answered ${response.status}: ${JSON.stringify(report).slice(0, 500)}`);
  return { seconds, counts: report.counts };
}

const range = (values) => (values.length > 1 ? `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} s` : `${values[0].toFixed(1)} s`);

export async function runImportBench({ engine, events, repeat, skipBuild }) {
  const mysqlServer = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
  const sqliteFile = join(ROOT, 'bench', '.data', 'bench-import.sqlite');
  const env = {
    ...process.env,
    DATABASE_URL: engine === 'mysql' ? `${mysqlServer}/eca_bench_import` : `sqlite:${sqliteFile}`,
    ADMIN_USER: ADMIN.user,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  const loadBefore = os.loadavg()[0];
  if (loadBefore > 0.5) console.warn(`Warning: load average ${loadBefore.toFixed(2)} before the run; other work on this machine skews the figures.`);
  if (!skipBuild) {
    console.log('Building …');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, env, stdio: 'inherit' });
  }
  const body = benchCalendar(events);
  console.log(`Generated ${events} VEVENTs (${(body.length / 1024 / 1024).toFixed(1)} MB).`);
  const runs = [];
  for (let run = 1; run <= repeat; run++) {
    if (engine === 'sqlite') freshSqliteFile(sqliteFile);
    else await freshMysqlDatabase(mysqlServer, 'eca_bench_import');
    const service = await startService(env, `${BASE}/events?per_page=1`);
    try {
      const first = await timedImport(service.url, body);
      const again = await timedImport(service.url, body);
      runs.push({ first, again });
      console.log(
        `run ${run}: import ${first.seconds.toFixed(1)} s ${JSON.stringify(first.counts)}; again ${again.seconds.toFixed(1)} s ${JSON.stringify(again.counts)}`,
      );
    } finally {
      service.stop();
    }
  }
  const firsts = runs.map((r) => r.first.seconds);
  const agains = runs.map((r) => r.again.seconds);
  const met = Math.max(...firsts) < IMPORT_TARGET.maxSeconds;
  const target =
    events === IMPORT_TARGET.events
      ? `target < ${IMPORT_TARGET.maxSeconds} s (issue #${IMPORT_TARGET.issue}): ${met ? 'met' : 'MISSED'}`
      : 'target stated for 10,000';
  console.log(`\n${engine}, ${os.cpus().length} CPUs, load average before ${loadBefore.toFixed(2)}, after ${os.loadavg()[0].toFixed(2)}`);
  console.log(`import of ${events} VEVENTs: ${range(firsts)} (${target})`);
  console.log(`the same file again (all unchanged): ${range(agains)}`);
  const report = {
    engine,
    scenario: 'import',
    events,
    runs,
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg()[0],
    node: process.version,
    date: new Date().toISOString(),
  };
  const results = join(ROOT, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `${engine}-import-${events}-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
}
