// `node bench/compare.mjs <small.json> <large.json>`: compares two `npm run bench` results (e.g. the
// same scenarios at 200 and at 1M seeded events) row by row: the cost of a request (1 / req/s and
// p50) in the second run as a multiple of the first. Marks the size targets: a create at 1M
// within 1.5× of a create at 200; SQLite's uncached and cold GET /events at 100k within 2× of 10k
// (bench/size.mjs).
import { readFileSync } from 'node:fs';
import { costRatio, sizeBounds } from './size.mjs';

const [smallFile, largeFile] = process.argv.slice(2);
if (!smallFile || !largeFile) throw new Error('usage: node bench/compare.mjs <small.json> <large.json>');
const small = JSON.parse(readFileSync(smallFile, 'utf8'));
const large = JSON.parse(readFileSync(largeFile, 'utf8'));

const BOUNDS = sizeBounds(large.engine);

const key = (r) => `${r.scenario} c${r.connections}`;
const before = new Map(small.results.map((r) => [key(r), r]));
const lines = [
  ['scenario', `req/s (${small.events})`, `req/s (${large.events})`, 'cost ×', `p50 (${small.events})`, `p50 (${large.events})`, 'p50 ×', 'bound', ''],
];
for (const row of large.results) {
  const base = before.get(key(row));
  if (!base || row.scenario === 'limit') continue;
  const cost = costRatio(base, row);
  const p50 = row.p50 !== null && base.p50 ? row.p50 / base.p50 : undefined;
  const bound = BOUNDS[row.scenario];
  const verdict = bound === undefined ? '' : cost <= bound ? 'pass' : 'MISS';
  lines.push([
    key(row),
    base.rps.toFixed(0),
    row.rps.toFixed(0),
    cost.toFixed(2),
    String(base.p50),
    String(row.p50),
    p50?.toFixed(2) ?? '-',
    bound ? `≤ ${bound}×` : '',
    verdict,
  ]);
}
const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
const fmt = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(`${small.engine} ${small.events} events (${small.date}) → ${large.engine} ${large.events} events (${large.date})\n`);
console.log(
  [fmt(lines[0]), `|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`, ...lines.slice(1).map(fmt)].join('\n'),
);
console.log('\ncost ×: (1 / req/s) of the second run over the first; p50 ×: the same for the median latency.');
