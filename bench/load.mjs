// The load generator process of `npm run bench`: runs ONE scenario with autocannon against the
// service and prints autocannon's result as JSON on stdout. Started by bench/run.mjs as a separate
// process so the generator's CPU work is not mixed into the service's event loop.
//
// Usage: node bench/load.mjs '<json>' with { url, path, connections, duration, scenario, sample }.
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
const { sample } = job;
const any = (list) => list[Math.floor(Math.random() * list.length)];
const EVENTS = `${sample.base}/events`;

/** A request that reads one of the sample events, by ID or by slug (rotated so caches do not flatter). */
const single = (by) => (req) => ({ ...req, method: 'GET', path: by === 'slug' ? `${EVENTS}/by-slug/${any(sample.slugs)}` : `${EVENTS}/${any(sample.ids)}` });

let writes = 0;
/** 95% reads (half the default list, half single events by ID), 5% `POST /events` as the administrator. */
function mixed(req) {
  const roll = Math.random();
  if (roll < 0.05) {
    const day = 1 + Math.floor(Math.random() * 600);
    const start = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    return {
      ...req,
      method: 'POST',
      path: EVENTS,
      headers: { 'content-type': 'application/json', authorization: sample.auth },
      body: JSON.stringify({
        title: `Bench write ${process.pid}-${++writes}`,
        start_date: `${start} 18:00:00`,
        end_date: `${start} 20:00:00`,
        categories: [any(sample.categories)],
        venue: any(sample.venues),
        cost: '10',
      }),
    };
  }
  if (roll < 0.525) return { ...req, method: 'GET', path: EVENTS, headers: {}, body: undefined };
  return { ...single('id')(req), headers: {}, body: undefined };
}

const SETUP = { 'event-by-id': single('id'), 'event-by-slug': single('slug'), mixed };

const instance = autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  timeout: 10,
  requests: [{ method: 'GET', path: job.path, ...(SETUP[job.scenario] ? { setupRequest: SETUP[job.scenario] } : {}) }],
});
// autocannon's own histogram has whole-millisecond buckets: keep every latency (float ms) for the percentiles.
const latencies = [];
instance.on('response', (client, status, bytes, ms) => latencies.push(ms));
const result = await instance;
latencies.sort((a, b) => a - b);
const percentile = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] * 100) / 100 : null);
process.stdout.write(JSON.stringify({ ...result, exactLatency: { p50: percentile(50), p99: percentile(99) } }));
