// What one write costs a live site's reads (docs/performance.md, fifteenth round): the service's CPU
// while the live site's reads (bench/live-site.mjs) are asked, alone and beside 2 PUT/s
// with the writes' body (bench/load.mjs), so that the difference per PUT is the write's own work plus
// the answers it makes be computed again. Few connections, not the bench's saturating 16, so the reads
// leave the machine room (the figure grows with the read rate: docs/performance.md); both runs' CPU is
// compared per read. Against a running service on the fixture (its process ID for /proc):
//   node bench/write-cost.mjs --url http://127.0.0.1:3999 --pid <service pid> [--connections 2] [--seconds 20]
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FIXTURE_ADMIN } from './database.mjs';
import { liveUrls } from './live-site.mjs';

const { values } = parseArgs({
  options: { url: { type: 'string' }, pid: { type: 'string' }, connections: { type: 'string', default: '2' }, seconds: { type: 'string', default: '20' } },
});
const [url, pid, connections, seconds] = [values.url, Number(values.pid), Number(values.connections), Number(values.seconds)];
if (!url || !pid) throw new Error('usage: node bench/write-cost.mjs --url URL --pid PID [--connections N] [--seconds N]');
const BASE = '/wp-json/tribe/events/v1';
const auth = `Basic ${Buffer.from(`${FIXTURE_ADMIN.user}:${FIXTURE_ADMIN.password}`).toString('base64')}`;
const get = async (path) => (await fetch(`${url}${BASE}${path}`)).json();
const any = (list) => list[Math.floor(Math.random() * list.length)];

const pages = await Promise.all([1, 2, 3, 4].map((page) => get(`/events?per_page=50&page=${page}`)));
const events = pages.flatMap((page) => page.events ?? []);
const [categories, tags, venues, organizers] = await Promise.all(
  ['categories', 'tags', 'venues', 'organizers'].map(async (name) => ((await get(`/${name}?per_page=50`))[name] ?? []).map((item) => item.id)),
);
const urls = liveUrls({ base: BASE, total: pages[0].total, ids: events.map((e) => e.id), titles: events.map((e) => e.title), categories, venues });

/** The service's user + system CPU so far, in ms (Linux). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** bench/load.mjs's body of every update: new dates within the window, a category, a tag, a venue, an organizer. */
function update(n) {
  const start = new Date(Date.now() + (1 + Math.floor(Math.random() * 600)) * 86_400_000).toISOString().slice(0, 10);
  const body = {
    title: `Bench update ${n}`,
    description: '<p>Written by <strong>npm run bench</strong>.</p>',
    start_date: `${start} 18:00:00`,
    end_date: `${start} 20:00:00`,
    categories: [any(categories)],
    tags: [any(tags)],
    venue: any(venues),
    organizer: [any(organizers)],
    cost: '10',
  };
  return fetch(`${url}${BASE}/events/${any(events).id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: auth },
    body: JSON.stringify(body),
  }).then((res) => res.arrayBuffer());
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
  const before = cpuMs();
  const writing = writes ? writer() : Promise.resolve();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: any(urls) }) }],
  });
  stop = true;
  await writing;
  return { reads: result.requests.total, failed: result.non2xx + result.errors, puts, cpu: cpuMs() - before };
}

for (const path of urls) await fetch(`${url}${path}`).then((res) => res.arrayBuffer()); // every answer computed once
const alone = await run(false);
const beside = await run(true);
const extra = beside.cpu - (alone.cpu * beside.reads) / alone.reads;
console.log(
  `${connections} connections over ${urls.length} URLs, ${seconds} s: alone ${alone.reads} reads, ${alone.cpu} ms of service CPU; beside ${beside.puts} PUTs ${beside.reads} reads, ${beside.cpu} ms (failed: ${alone.failed}, ${beside.failed})`,
);
console.log(`service CPU per PUT, its reads' extra work included: ${(extra / beside.puts).toFixed(1)} ms`);
