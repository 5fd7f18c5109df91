// The processes of a `npm run bench` run: the service instances, the bare-Node limit server and the
// load generator (bench/load.mjs), each on its own, all on 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cpuMs } from './cpu.mjs';
import { ROOT } from './database.mjs';

export function freePort() {
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
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    // No /proc (macOS): ps, which prints nothing (and exits 1) for a process that is gone.
    let kb = '';
    try {
      kb = execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      // no such process
    }
    if (!kb) throw new Error(`Process ${pid} is gone: it exited during the run (its log is above)`);
    return { rss: Number(kb) / 1024, hwm: Number(kb) / 1024 };
  }
}

/** A started process, its URL and a stop that ends it (and mutes the log of requests it cuts off). */
function handle(child, url) {
  return {
    pid: child.pid,
    url,
    stop() {
      child.benchStopped = true;
      child.emit('bench-stop');
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/** Starts `node dist/src/main.js` with `env` on a free loopback port; resolves once it answers. */
export async function startService(env, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean), 'dist/src/main.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its log is shown while it is measured, not the errors of requests cut off by the shutdown.
  const forward = (chunk) => process.stderr.write(chunk);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', forward);
    child.on('bench-stop', () => stream.off('data', forward));
  }
  // An exit the bench did not ask for (a crash, a kill from outside) is said when it happens: the
  // rows measured after it would otherwise only show the load generator's errors.
  child.once('exit', (code, signal) => {
    if (!child.benchStopped) process.stderr.write(`The service (pid ${child.pid}) exited: code ${code}, signal ${signal}\n`);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`The service exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) return handle(child, url);
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('The service did not answer within 60 s');
}

/** Starts bench/limit-server.mjs; resolves with its handle once it prints its port. */
export function startLimitServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench', 'limit-server.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The limit server exited with code ${code}`)));
    child.stdout.once('data', (chunk) => resolve(handle(child, `http://127.0.0.1:${Number(String(chunk).trim())}`)));
  });
}

/**
 * Runs one scenario at one concurrency with bench/load.mjs; samples the target's RSS meanwhile, and
 * counts the CPU time the target, the database server (`databasePid`, when local) and the generator spent.
 */
export function drive(target, scenario, connections, seconds, sample, databasePid) {
  return new Promise((resolve, reject) => {
    const before = { service: cpuMs(target.pid), database: cpuMs(databasePid) };
    let peak = 0;
    // A target without a process of ours (the plugin) has no memory to sample.
    const rssNow = () => (target.pid ? memory(target.pid).rss : undefined);
    const timer = setInterval(() => (peak = Math.max(peak, rssNow() ?? 0)), 100);
    const job = JSON.stringify({ url: target.url, scenario, connections, duration: seconds, sample });
    const load = spawn(process.execPath, [join(ROOT, 'bench', 'load.mjs'), job], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    load.stdout.on('data', (chunk) => (out += chunk));
    load.on('error', reject);
    load.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const result = JSON.parse(out);
      const spent = (after, start) => (after === undefined || start === undefined ? undefined : after - start);
      const cpu = {
        service: spent(cpuMs(target.pid), before.service),
        database: spent(cpuMs(databasePid), before.database),
        generator: result.cpuMs,
      };
      resolve({ result, peakRss: target.pid ? Math.max(peak, rssNow()) : undefined, cpu });
    });
  });
}

/**
 * Waits until `target` answers `path` quickly again: requests a scenario left behind (slow lists
 * cut off by autocannon's end, an overload's queue) must not be measured in the next one.
 */
export async function settle(target, path) {
  for (let i = 0; i < 120; i++) {
    const started = performance.now();
    await fetch(`${target.url}${path}`).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
    if (performance.now() - started < 100) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
