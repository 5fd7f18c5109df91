// What one write costs a live site's reads (docs/performance.md, fifteenth round): the service's CPU
// while the live site's reads (bench/live-site.mjs) are asked, alone and beside 2 PUT/s
// with the writes' body (bench/load.mjs), so that the difference per PUT is the write's own work plus
// the answers it makes be computed again. Few connections, not the bench's saturating 16, so the reads
// leave the machine room (the figure grows with the read rate: docs/performance.md); both runs' CPU is
// compared per read. Against a running service on the fixture (its process ID for /proc):
//   node bench/write-cost.mjs --url http://127.0.0.1:3999 --pid <service pid> [--connections 2] [--seconds 20]
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { cpuMs } from './cpu.mjs';
import { FIXTURE_ADMIN } from './database.mjs';
import { any, eventBody, sampleData } from './sample.mjs';

const { values } = parseArgs({
  options: { url: { type: 'string' }, pid: { type: 'string' }, connections: { type: 'string', default: '2' }, seconds: { type: 'string', default: '20' } },
});
const [url, pid, connections, seconds] = [values.url, Number(values.pid), Number(values.connections), Number(values.seconds)];
if (!url || !pid) throw new Error('usage: node bench/write-cost.mjs --url URL --pid PID [--connections N] [--seconds N]');
const sample = await sampleData(url, FIXTURE_ADMIN);

/** The service's user + system CPU so far, in ms (bench/cpu.mjs: Linux's /proc). */
const serviceCpuMs = () => {
  const ms = cpuMs(pid);
  if (ms === undefined) throw new Error(`no CPU time readable for process ${pid} (not Linux, or the service is gone)`);
  return ms;
};

/** An update of one of the sampled events with the writes' body (bench/sample.mjs). */
function update(n) {
  const headers = { 'content-type': 'application/json', authorization: sample.auth };
  return fetch(`${url}${sample.base}/events/${any(sample.ids)}`, { method: 'PUT', headers, body: eventBody(sample, `Bench update ${n}`) }).then((res) =>
    res.arrayBuffer(),
  );
}

async function run(writes) {
  let puts = 0;
  let stop = false;
  const writer = async () => {
    while (!stop) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (!stop) await update(++puts);
    }
  };
  const before = serviceCpuMs();
  const writing = writes ? writer() : Promise.resolve();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: any(sample.live) }) }],
  });
  stop = true;
  await writing;
  return { reads: result.requests.total, failed: result.non2xx + result.errors, puts, cpu: serviceCpuMs() - before };
}

for (const path of sample.live) await fetch(`${url}${path}`).then((res) => res.arrayBuffer()); // every answer computed once
const alone = await run(false);
const beside = await run(true);
const extra = beside.cpu - (alone.cpu * beside.reads) / alone.reads;
console.log(
  `${connections} connections over ${sample.live.length} URLs, ${seconds} s: alone ${alone.reads} reads, ${alone.cpu} ms of service CPU; beside ${beside.puts} PUTs ${beside.reads} reads, ${beside.cpu} ms (failed: ${alone.failed}, ${beside.failed})`,
);
console.log(`service CPU per PUT, its reads' extra work included: ${(extra / beside.puts).toFixed(1)} ms`);
