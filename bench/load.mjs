// The load generator process of `npm run bench`: runs ONE scenario at one concurrency with autocannon
// and prints autocannon's result as JSON on stdout, with exact p50/p99 and the answers counted by
// status (503 with Retry-After apart). Started by bench/run.mjs as a separate process so the
// generator's CPU work is not mixed into the server's event loop.
//
// Usage: node bench/load.mjs '<json>' with { url, scenario, connections, duration, sample }
// (scenario as in bench/scenarios.mjs: path, auth, kind, writer).
import autocannon from 'autocannon';
import { any, eventBody as writeBody } from './sample.mjs';

const job = JSON.parse(process.argv[2]);
/** CPU spent before the run (start-up, imports): left out of the row's CPU split. */
const startCpu = process.cpuUsage();
const { sample, scenario } = job;
const EVENTS = `${sample.base}/events`;
const AUTH = { authorization: sample.auth };
const JSON_AUTH = { 'content-type': 'application/json', authorization: sample.auth };

let writes = 0;
/** The body of every create and update (bench/sample.mjs). */
const eventBody = (verb) => writeBody(sample, `Bench ${verb} ${process.pid}-${++writes}`);

/** A read of one of the sample events, by ID or by slug (rotated so caches do not flatter). */
const single = (by, headers) => (req) => ({
  ...req,
  method: 'GET',
  headers,
  path: by === 'by-slug' ? `${EVENTS}/by-slug/${any(sample.slugs)}` : `${EVENTS}/${any(sample.ids)}`,
});
const create = (req) => ({ ...req, method: 'POST', path: EVENTS, headers: JSON_AUTH, body: eventBody('create') });
/** Issue #24: a series of 100 weekly occurrences, from a start within the default window. */
const SERIES_RULE = { rrule: 'FREQ=WEEKLY;COUNT=100' };
const createSeries = (req) => ({
  ...req,
  method: 'POST',
  path: EVENTS,
  headers: JSON_AUTH,
  body: JSON.stringify({ ...JSON.parse(eventBody('series')), recurrence: SERIES_RULE }),
});
const update = (req) => ({ ...req, method: 'PUT', path: `${EVENTS}/${any(sample.ids)}`, headers: JSON_AUTH, body: eventBody('update') });
/** The same on a series' first event: the whole series moves. */
const updateSeries = (req) => ({ ...update(req), path: `${EVENTS}/${any(sample.series)}` });
/** An editor's correction: a new title and description, nothing else. */
const editText = (req) => ({
  ...req,
  method: 'PUT',
  path: `${EVENTS}/${any(sample.ids)}`,
  headers: JSON_AUTH,
  body: JSON.stringify({ title: `Edited ${process.pid}-${++writes}`, description: '<p>Corrected by <strong>npm run bench</strong>.</p>' }),
});

/** 95% reads (half the default list, half single events by ID), 5% `POST /events` as the administrator. */
function mixed(req) {
  const roll = Math.random();
  if (roll < 0.05) return create(req);
  if (roll < 0.525) return { ...req, method: 'GET', path: EVENTS, headers: {}, body: undefined };
  return { ...single('by-id', {})(req), body: undefined };
}

const headers = scenario.auth ? AUTH : {};
let misses = 0;
/** The scenario's path with a query parameter no request repeats: every request misses the response cache. */
const miss = (req) => ({ ...req, path: `${scenario.path}${scenario.path.includes('?') ? '&' : '?'}bench_miss=${process.pid}-${++misses}` });
/** One of the live site's URLs (bench/live-site.mjs). */
const live = (req) => ({ ...req, path: any(sample.live) });
const SETUP = { 'by-id': single('by-id', headers), 'by-slug': single('by-slug', headers), create, 'create-series': createSeries, update, mixed, miss, live };

/**
 * Answers by status: 2xx, 503 with Retry-After, other 5xx (503 without it included), other non-2xx;
 * `codes` counts each status of the last two.
 */
const statuses = { ok: 0, retryAfter503: 0, other5xx: 0, otherNon2xx: 0, codes: {} };
function count(status, body, context, responseHeaders) {
  if (status >= 200 && status < 300) return void statuses.ok++;
  if (status === 503 && Object.keys(responseHeaders).some((name) => name.toLowerCase() === 'retry-after')) return void statuses.retryAfter503++;
  statuses.codes[status] = (statuses.codes[status] ?? 0) + 1;
  if (status >= 500) statuses.other5xx++;
  else statuses.otherNon2xx++;
}

const instance = autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  // A client's patience: longer than the service's own bound on waiting for the database
  // (DATABASE_POOL_WAIT_MS, 10 s), so an overloaded service is seen answering 503, not timing out.
  timeout: 30,
  requests: [{ method: 'GET', path: scenario.path, headers, onResponse: count, ...(SETUP[scenario.kind] ? { setupRequest: SETUP[scenario.kind] } : {}) }],
});
/**
 * A concurrent writer (scenario.writer: { perSecond, text, series }): `PUT /events/{id}` sent on a clock beside the
 * reads, as an editor of a live site would — open loop, so a slow update does not lower the rate;
 * its answers are counted apart (sent, non-2xx, failed).
 */
async function writeEvery({ perSecond, text, series }, seconds) {
  const counts = { requests: 0, non2xx: 0, errors: 0 };
  const sent = [];
  const send = async () => {
    const { method, path, headers: writeHeaders, body } = (text ? editText : series ? updateSeries : update)({});
    counts.requests++;
    try {
      const response = await fetch(`${job.url}${path}`, { method, headers: writeHeaders, body });
      await response.arrayBuffer();
      if (!response.ok) counts.non2xx++;
    } catch {
      counts.errors++;
    }
  };
  const timer = setInterval(() => sent.push(send()), 1000 / perSecond);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(timer);
  await Promise.all(sent);
  return counts;
}
// autocannon's own histogram has whole-millisecond buckets: keep every latency (float ms) for the percentiles.
const latencies = [];
instance.on('response', (client, status, bytes, ms) => latencies.push(ms));
const [result, writer] = await Promise.all([instance, scenario.writer && writeEvery(scenario.writer, job.duration)]);
latencies.sort((a, b) => a - b);
const percentile = (p) =>
  latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] * 100) / 100 : null;
// The generator's own CPU (ms), for the row's CPU split (bench/cpu.mjs).
const { user, system } = process.cpuUsage(startCpu);
process.stdout.write(
  JSON.stringify({ ...result, exactLatency: { p50: percentile(50), p99: percentile(99) }, statuses, writes: writer, cpuMs: (user + system) / 1000 }),
);
