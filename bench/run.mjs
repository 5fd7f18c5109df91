// `npm run bench -- --scenarios import [--engine sqlite|mysql] [--events N] [--repeat R]`: the import row (bench/import.mjs).
// `npm run bench -- [--engine sqlite|mysql] [--events N] [--series K [--occurrences M]] [--venues V] [--fixture] [--duration S] [--scenarios a,b]
// [--connections 1,16] [--write-connections 1,4,16] [--overload-connections 300,1000] [--reuse] [--skip-build]`
// (or BENCH_ENGINE, BENCH_EVENTS, BENCH_SERIES, BENCH_OCCURRENCES, BENCH_VENUES, BENCH_FIXTURE=1, BENCH_DURATION, BENCH_SCENARIOS, BENCH_CONNECTIONS,
// BENCH_WRITE_CONNECTIONS, BENCH_OVERLOAD_CONNECTIONS, BENCH_REUSE=1, BENCH_SKIP_BUILD=1,
// BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306, BENCH_MYSQL_DATABASE=eca_bench (eca_bench_fixture with
// --fixture; e.g. eca_bench_1m to keep a large seed apart); BENCH_NODE_OPTIONS adds node flags to the
// service, e.g. --cpu-prof).
//
// Prepares the database — seeds a dedicated one (bench/.data/bench-N.sqlite or the MariaDB database
// `eca_bench`) with the `seed` CLI command, or with --fixture loads the real WordPress fixture dump
// into a fresh MariaDB database and signs in as its administrator —, builds and starts the service in
// production mode on a loopback port (and, for the uncached and cold scenarios, the instances of
// bench/instances.mjs with caches off), drives each scenario (bench/scenarios.mjs) with autocannon from a
// separate process (bench/load.mjs) for a fixed time at each concurrency, next to a bare node:http
// server driven the same way (the limit line), samples the RSS of the process under load, prints a
// table with the issue's targets and writes bench/results/<engine>-<N>-<time>.json.
// --scenarios takes scenario names or groups: cached, auth, miss, uncached, cold, overload, geo, live-site, writes.
// After a run of one size of a size pair (SQLite 10k / 100k), prints the ratio to the newest run of the other.
// --plugin URL (BENCH_PLUGIN_URL; with --fixture) also drives the real plugin at URL — e.g. the team's
// reference-plugin set-up on the same fixture database, http://127.0.0.1:8080 — with the cold group's
// requests and the writes (group "plugin", rows `plugin-…`), for issue #32's targets relative to it.
// Its writes add events to the plugin's database.
// --series K seeds K weekly series of --occurrences M (default 100) instead of plain events (issue #24's
// series-heavy site, bench/.data/bench-series-KxM.sqlite or eca_bench_series); its cold list is compared
// with the newest plain run of K·M events (bench/size.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuPerRequest, localDatabasePid } from './cpu.mjs';
import { FIXTURE_ADMIN, freshMysqlDatabase, freshSqliteFile, loadFixture, ROOT } from './database.mjs';
import { instanceEnvs, STILL_WARM_WHEN_COLD } from './instances.mjs';
import { drive, memory, settle, startLimitServer, startService } from './processes.mjs';
import { sampleData } from './sample.mjs';
import { LEGEND, table } from './report.mjs';
import { BASE, LIMIT, scenarioList } from './scenarios.mjs';
import { sizeComparison } from './size.mjs';
import { runImportBench } from './import.mjs';

const BENCH_ADMIN = { user: 'bench-admin', password: 'BenchAdminPassword1234' };
const WARM_UP = { connections: 4, seconds: 2 };
const READY = `${BASE}/events?per_page=1`;

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: process.env.BENCH_ENGINE },
    events: { type: 'string', default: process.env.BENCH_EVENTS ?? '10000' },
    series: { type: 'string', default: process.env.BENCH_SERIES },
    occurrences: { type: 'string', default: process.env.BENCH_OCCURRENCES ?? '100' },
    // The seed's venue count (its default: one per 20 events, at most 500); e.g. 50000 for the geolocation scenarios.
    venues: { type: 'string', default: process.env.BENCH_VENUES },
    fixture: { type: 'boolean', default: process.env.BENCH_FIXTURE === '1' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    scenarios: { type: 'string', default: process.env.BENCH_SCENARIOS ?? '' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '1,16' },
    'write-connections': { type: 'string', default: process.env.BENCH_WRITE_CONNECTIONS ?? '1,4,16' },
    'overload-connections': { type: 'string', default: process.env.BENCH_OVERLOAD_CONNECTIONS ?? '300,1000' },
    reuse: { type: 'boolean', default: process.env.BENCH_REUSE === '1' },
    'skip-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
    plugin: { type: 'string', default: process.env.BENCH_PLUGIN_URL },
    repeat: { type: 'string', default: process.env.BENCH_REPEAT ?? '1' },
  },
});
const fixture = flags.fixture;
const engine = flags.engine ?? (fixture ? 'mysql' : 'sqlite');
if (!['sqlite', 'mysql'].includes(engine)) throw new Error('--engine must be sqlite or mysql');
if (fixture && engine !== 'mysql') throw new Error('--fixture loads a MariaDB dump: use it with --engine mysql');
// The plugin answers on its own copy of the fixture: the sampled IDs and slugs must name the same events.
if (flags.plugin && !fixture) throw new Error('--plugin compares with the plugin on the fixture database: use it with --fixture');
/** The plugin, driven as it runs (nothing to start or stop; its processes' CPU and memory are not counted). */
const pluginTarget = flags.plugin ? { url: flags.plugin.replace(/\/+$/, ''), pid: undefined, stop() {} } : undefined;
const duration = Number(flags.duration);
const levels = (list) => list.split(',').map(Number);
const at = { connections: levels(flags.connections), writes: levels(flags['write-connections']), overload: levels(flags['overload-connections']) };
const series = flags.series === undefined ? undefined : { count: Number(flags.series), occurrences: Number(flags.occurrences) };
if (series && (fixture || !(series.count >= 1) || !(series.occurrences >= 1)))
  throw new Error('--series and --occurrences must be positive numbers, without --fixture');
const seeded = series ? series.count * series.occurrences : Number(flags.events);
/** The database and result files' size label: `100000`, or `series1000x100` for a series-heavy seed. */
const label = series ? `series${series.count}x${series.occurrences}` : String(seeded);
if (
  !(seeded >= 1) ||
  !(duration >= 1) ||
  Object.values(at)
    .flat()
    .some((c) => !(c >= 1))
) {
  throw new Error('--events, --duration and the connection lists must be positive numbers');
}

const mysqlServer = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const sqliteFile = join(ROOT, 'bench', '.data', `bench-${label}.sqlite`);
const mysqlDatabase = process.env.BENCH_MYSQL_DATABASE ?? (fixture ? 'eca_bench_fixture' : series ? 'eca_bench_series' : 'eca_bench');
if (!/^\w+$/.test(mysqlDatabase)) throw new Error('BENCH_MYSQL_DATABASE must be letters, digits or underscores');
const databaseUrl = engine === 'mysql' ? `${mysqlServer}/${mysqlDatabase}` : `sqlite:${sqliteFile}`;
/** The local database server's process, whose CPU each row counts (none for SQLite or a remote server). */
const databasePid = localDatabasePid(databaseUrl);
// The fixture brings its own logins (no bootstrap administrator is added); a seeded database gets one.
const admin = fixture ? FIXTURE_ADMIN : BENCH_ADMIN;
const baseEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  ...(fixture ? { TABLE_PREFIX: 'wp_', ADMIN_USER: '', ADMIN_PASSWORD: '' } : { ADMIN_USER: admin.user, ADMIN_PASSWORD: admin.password }),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
const INSTANCE_ENV = instanceEnvs(baseEnv);

const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, env: baseEnv, stdio: 'inherit' });

async function prepareDatabase() {
  if (flags.reuse && (engine === 'mysql' || existsSync(sqliteFile))) return;
  if (engine === 'sqlite') freshSqliteFile(sqliteFile);
  else await freshMysqlDatabase(mysqlServer, mysqlDatabase);
  if (fixture) {
    console.log(`Loading the fixture site into ${databaseUrl} …`);
    await loadFixture(mysqlServer, mysqlDatabase);
    return;
  }
  const venues = flags.venues ? ['--venues', flags.venues] : [];
  if (series) {
    console.log(`Seeding ${series.count} series of ${series.occurrences} occurrences into ${databaseUrl} …`);
    run(process.execPath, ['dist/src/cli/main.js', 'seed', '--series', String(series.count), '--occurrences', String(series.occurrences), ...venues]);
    return;
  }
  console.log(`Seeding ${seeded} events into ${databaseUrl} …`);
  run(process.execPath, ['dist/src/cli/main.js', 'seed', '--events', String(seeded), ...venues]);
}

/** The chosen scenarios: by name or group, in the order of bench/scenarios.mjs. */
function chosen(sample) {
  const filter = flags.scenarios ? flags.scenarios.split(',') : undefined;
  const all = scenarioList(sample, { plugin: Boolean(pluginTarget) });
  const list = all.filter((s) => !filter || filter.includes(s.name) || filter.includes(s.group));
  if (!list.length) throw new Error(`--scenarios matched none of: ${all.map((s) => s.name).join(', ')}`);
  return list;
}

/**
 * Starts each process when a scenario first needs it (the cached service is already running: it
 * answered the sampling) and stops it after the last scenario that does.
 */
function processes(plan, cached) {
  const lastUse = new Map(plan.map((s, i) => [s.instance, i]));
  const running = new Map();
  if (lastUse.has('cached')) running.set('cached', cached);
  else cached.stop();
  return {
    async get(scenario) {
      if (!running.has(scenario.instance)) {
        const start =
          { limit: startLimitServer, plugin: async () => pluginTarget }[scenario.instance] ?? (() => startService(INSTANCE_ENV[scenario.instance], READY));
        running.set(scenario.instance, await start());
      }
      return running.get(scenario.instance);
    },
    done(index) {
      const name = plan[index].instance;
      if (lastUse.get(name) !== index) return;
      running.get(name).stop();
      running.delete(name);
    },
    stopAll() {
      for (const target of running.values()) target.stop();
    },
  };
}

async function main() {
  const loadBefore = os.loadavg()[0];
  if (loadBefore > 0.5) console.warn(`Warning: load average ${loadBefore.toFixed(2)} before the run; other work on this machine skews the figures.`);
  if (!flags['skip-build']) {
    console.log('Building …');
    run('npm', ['run', 'build', '--silent']);
  }
  await prepareDatabase();
  const cached = await startService(INSTANCE_ENV.cached, READY);
  process.on('exit', () => cached.stop());
  const sample = await sampleData(cached.url, admin);
  const scenarios = chosen(sample);
  console.log(`Sampled ${sample.ids.length} events; the live site spreads its reads over ${sample.live.length} URLs.`);
  const used = [...new Set(scenarios.flatMap((s) => at[s.at]))].sort((a, b) => a - b);
  const plan = [{ ...LIMIT, levels: used }, ...scenarios.map((s) => ({ ...s, levels: at[s.at] }))];
  const started = processes(plan, cached);
  process.on('exit', () => started.stopAll());
  process.on('SIGINT', () => process.exit(130));
  const rows = [];
  const highWater = {};
  for (const [index, scenario] of plan.entries()) {
    const target = await started.get(scenario);
    const settlePath = scenario.instance === 'limit' ? '/' : `${BASE}/events/${sample.ids[0]}`;
    if (scenario.warmUp) await drive(target, scenario, WARM_UP.connections, WARM_UP.seconds, sample); // not recorded
    for (const connections of scenario.levels) {
      await settle(target, settlePath);
      const database = ['limit', 'plugin'].includes(scenario.instance) ? undefined : databasePid;
      const { result, peakRss, cpu } = await drive(target, scenario, connections, Math.max(duration, scenario.minSeconds ?? 0), sample, database);
      const row = {
        scenario: scenario.name,
        request: scenario.request,
        instance: scenario.instance,
        connections,
        rps: result.requests.average,
        p50: result.exactLatency.p50,
        p99: result.exactLatency.p99,
        non2xx: result.non2xx,
        retryAfter503: result.statuses.retryAfter503,
        other5xx: result.statuses.other5xx,
        otherNon2xx: result.statuses.otherNon2xx,
        codes: result.statuses.codes,
        errors: result.errors, // timeouts included
        peakRssMb: peakRss,
        requests: result.requests.total,
        writes: result.writes, // the live site's concurrent writer: { requests, non2xx, errors }
        cpu: cpuPerRequest(cpu, result.requests.total), // ms per request by process, and the CPU bound (bench/cpu.mjs)
      };
      rows.push(row);
      console.log(
        `${row.scenario} c${connections}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ` +
          `503+RA ${row.retryAfter503}, other 5xx ${row.other5xx}, other non-2xx ${row.otherNon2xx}, errors ${row.errors}, ` +
          `RSS ${peakRss?.toFixed(0) ?? '-'} MB${Object.keys(row.codes).length ? `, statuses ${JSON.stringify(row.codes)}` : ''}` +
          (row.cpu
            ? `, CPU/req ${row.cpu.service} ms service + ${row.cpu.database ?? '-'} database + ${row.cpu.generator ?? '-'} generator (bound ${row.cpu.bound} req/s)`
            : '') +
          (row.writes ? `; writer: ${row.writes.requests} PUT, non-2xx ${row.writes.non2xx}, errors ${row.writes.errors}` : ''),
      );
    }
    if (target.pid) highWater[scenario.instance] = Math.max(highWater[scenario.instance] ?? 0, Math.round(memory(target.pid).hwm));
    started.done(index);
  }
  const setup = { engine, fixture, events: fixture ? sample.total : seeded, ...(series ? { series: series.count, occurrences: series.occurrences } : {}) };
  const what = fixture
    ? `the fixture site (${sample.total} events in the default list)`
    : series
      ? `${series.count} seeded series of ${series.occurrences} occurrences`
      : `${seeded} seeded events`;
  console.log(
    `\n${engine}, ${what}, ${duration} s per cell, ${os.cpus().length} CPUs, load average before ${loadBefore.toFixed(2)}, after ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log(
    `Peak RSS (VmHWM): ${Object.entries(highWater)
      .map(([name, mb]) => `${name} ${mb} MB`)
      .join(', ')}\n`,
  );
  console.log(table(rows, setup));
  console.log(`\n${LEGEND}`);
  if (plan.some((s) => s.instance === 'cold')) console.log(`\n${STILL_WARM_WHEN_COLD}`);
  const report = {
    engine,
    fixture,
    events: setup.events,
    series: setup.series,
    occurrences: setup.occurrences,
    durationSeconds: duration,
    highWaterRssMb: highWater,
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
  const results = join(ROOT, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `${engine}-${fixture ? 'fixture' : label}-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
  const sizes = sizeComparison(report, results);
  if (sizes.length) console.log(`\n${sizes.join('\n')}`);
}

// The import row measures one request on a fresh database of its own: none of the seeded scenarios' set-up.
const done = flags.scenarios === 'import' ? runImportBench({ engine, events: seeded, repeat: Number(flags.repeat), skipBuild: flags['skip-build'] }) : main();
done.catch((error) => {
  console.error(error);
  process.exit(1);
});
