// The size targets that compare two runs of `npm run bench` (issues #19 and #23): how much more a
// request may cost on the larger database. Used by bench/compare.mjs for any two result files, and by
// bench/run.mjs, which after a run of one size of a pair compares it with the newest run of the other.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The most a request of each scenario may cost in the larger run, as a multiple of the smaller run. */
export function sizeBounds(engine) {
  return {
    'create-events': 1.5, // #19: a create at 200k/1M within 1.5× of one at 200
    ...(engine === 'sqlite' ? { 'uncached-events': 2, 'cold-events': 2 } : {}), // #19/#23: 100k within 2× of 10k
  };
}

/** The cost of a request in `large` as a multiple of `small` (1 / req/s). */
export const costRatio = (small, large) => small.rps / large.rps;

/** The pairs of runs issue #23 compares: the row and the two sizes. */
const PAIRS = [{ engine: 'sqlite', small: 10000, large: 100000, scenario: 'cold-events', c: 16 }];

/**
 * Issue #24: a list page over 1,000 series × 100 occurrences reads like one over 100,000 plain events —
 * the cold `GET /events` of a `--series 1000 --occurrences 100` run within 1.5× of a plain 100k run's.
 */
const SERIES_PAIRS = ['sqlite', 'mysql'].flatMap((engine) =>
  [1, 16].map((c) => ({ engine, series: 1000, occurrences: 100, plain: 100000, scenario: 'cold-events', c, bound: 1.5 })),
);

/** The newest result of `engine` with the size label (`10000`, `series1000x100`) in `dir` that has the row, or undefined. */
function newestRun(dir, engine, events, scenario, c) {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(`${engine}-${events}-`) && f.endsWith('.json'))
    .sort()
    .reverse();
  for (const file of files) {
    const row = JSON.parse(readFileSync(join(dir, file), 'utf8')).results.find((r) => r.scenario === scenario && r.connections === c);
    if (row) return { file, row };
  }
  return undefined;
}

/**
 * Lines comparing this run (`report`, as bench/run.mjs writes it) with the newest stored run of the
 * other size of each pair it belongs to; empty when it belongs to none or the other run is missing.
 */
export function sizeComparison(report, dir) {
  const lines = [];
  for (const pair of PAIRS) {
    if (report.engine !== pair.engine || report.fixture || report.series || ![pair.small, pair.large].includes(report.events)) continue;
    const mine = report.results.find((r) => r.scenario === pair.scenario && r.connections === pair.c);
    const otherSize = report.events === pair.small ? pair.large : pair.small;
    const other = newestRun(dir, pair.engine, otherSize, pair.scenario, pair.c);
    const what = `${pair.engine} ${pair.small} → ${pair.large} events, ${pair.scenario} c${pair.c}`;
    if (!mine || !other) {
      lines.push(`${what}: no ratio yet (${mine ? `no bench/results/${pair.engine}-${otherSize}-*.json with that row` : 'this run lacks the row'}).`);
      continue;
    }
    const [small, large] = report.events === pair.small ? [mine, other.row] : [other.row, mine];
    const cost = costRatio(small, large);
    const bound = sizeBounds(pair.engine)[pair.scenario];
    lines.push(
      `${what}: ${small.rps.toFixed(0)} → ${large.rps.toFixed(0)} req/s, cost ×${cost.toFixed(2)} (#23 ≤ ${bound}×) ${cost <= bound ? 'pass' : 'MISS'} — against ${other.file}`,
    );
  }
  return [...lines, ...seriesComparison(report, dir)];
}

/** Lines comparing a series-heavy run with the newest plain run of as many events (or the reverse). */
function seriesComparison(report, dir) {
  const lines = [];
  for (const pair of SERIES_PAIRS) {
    const label = `series${pair.series}x${pair.occurrences}`;
    const isSeries = report.series === pair.series && report.occurrences === pair.occurrences;
    const isPlain = !report.series && report.events === pair.plain;
    if (report.engine !== pair.engine || report.fixture || (!isSeries && !isPlain)) continue;
    const mine = report.results.find((r) => r.scenario === pair.scenario && r.connections === pair.c);
    if (!mine) continue;
    const other = newestRun(dir, pair.engine, isSeries ? pair.plain : label, pair.scenario, pair.c);
    const what = `${pair.engine} ${pair.plain} plain → ${pair.series} series × ${pair.occurrences}, ${pair.scenario} c${pair.c}`;
    if (!other) {
      lines.push(`${what}: no ratio yet (no bench/results/${pair.engine}-${isSeries ? pair.plain : label}-*.json with that row).`);
      continue;
    }
    const [plain, series] = isSeries ? [other.row, mine] : [mine, other.row];
    const cost = costRatio(plain, series);
    lines.push(
      `${what}: ${plain.rps.toFixed(0)} → ${series.rps.toFixed(0)} req/s, cost ×${cost.toFixed(2)} (#24 ≤ ${pair.bound}×) ${cost <= pair.bound ? 'pass' : 'MISS'} — against ${other.file}`,
    );
  }
  return lines;
}
