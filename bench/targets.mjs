// The issues' targets for the rows of `npm run bench` and their verdicts. A target is either absolute
// (`min`/`max` of one metric) or relative to another row of the same run (`of` + `share`: e.g. the live
// site with a writer keeps ≥ 80% of the same reads without it). `setup` says on which runs a target is
// the issue's own; elsewhere it is shown as an indication (`*`).
const FIXTURE = { fixture: true, engine: 'mysql' };
const SQLITE_10K = { engine: 'sqlite', fixture: false, events: 10000 };
const MYSQL_200K = { engine: 'mysql', fixture: false, events: 200000 };

/** Issue #23's cold reads (fixture, MariaDB, c16), anonymous and authenticated alike. */
const COLD_READS = { events: 1200, 'events-per-page-50': 600, 'event-by-id': 2200, venues: 2100, categories: 2000 };

const TARGETS = [
  // Issue #19 ("on the fixture database, MariaDB, c16"; writes with 4 writers).
  { issue: 19, scenario: 'events', c: 16, metric: 'p99', max: 10, setup: FIXTURE },
  { issue: 19, scenario: 'auth-events', c: 16, metric: 'rps', min: 1700, setup: FIXTURE },
  { issue: 19, scenario: 'auth-event-by-id', c: 16, metric: 'rps', min: 3100, setup: FIXTURE },
  { issue: 19, scenario: 'auth-venues', c: 16, metric: 'rps', min: 3500, setup: FIXTURE },
  { issue: 19, scenario: 'auth-categories', c: 16, metric: 'rps', min: 2700, setup: FIXTURE },
  // "Uncached anonymous": requests the response cache misses (records and totals shared as designed).
  { issue: 19, scenario: 'miss-events', c: 16, metric: 'rps', min: 2000, setup: FIXTURE },
  { issue: 19, scenario: 'miss-events-per-page-50', c: 16, metric: 'rps', min: 1200, setup: FIXTURE },
  { issue: 19, scenario: 'create-events', c: 4, metric: 'rps', min: 350, setup: FIXTURE },
  { issue: 19, scenario: 'update-events', c: 4, metric: 'rps', min: 350, setup: FIXTURE },
  // "zero 5xx other than 503 with Retry-After" — and no request lost to a timeout (30 s) or a reset.
  { issue: 19, scenario: 'overload-uncached-events', c: 300, metric: 'other5xx', max: 0, setup: {} },
  { issue: 19, scenario: 'overload-uncached-events', c: 1000, metric: 'other5xx', max: 0, setup: {} },
  { issue: 19, scenario: 'miss-events', c: 16, metric: 'rps', min: 1000, setup: SQLITE_10K },
  { issue: 19, scenario: 'uncached-auth-events', c: 1, metric: 'p50', max: 50, setup: MYSQL_200K },

  // Issue #23: the cold road (every cache that has a switch off: bench/instances.mjs).
  ...Object.entries(COLD_READS).flatMap(([family, min]) =>
    [`cold-${family}`, `cold-auth-${family}`].map((scenario) => ({ issue: 23, scenario, c: 16, metric: 'rps', min, setup: FIXTURE })),
  ),
  // Writes ≥ 20× the plugin with 4 writers; 16 writers at least as fast as 4.
  ...['create-events', 'update-events'].flatMap((scenario) => [
    { issue: 23, scenario, c: 4, metric: 'rps', min: 270, setup: FIXTURE },
    { issue: 23, scenario, c: 16, metric: 'rps', of: { scenario, c: 4 }, share: 1, setup: FIXTURE },
  ]),
  // A live site: 2 updates/s keep ≥ 80% of the same spread reads.
  { issue: 23, scenario: 'live-site-writer', c: 16, metric: 'rps', of: { scenario: 'live-site', c: 16 }, share: 0.8, setup: FIXTURE },
  { issue: 23, scenario: 'live-site-editor', c: 16, metric: 'rps', of: { scenario: 'live-site', c: 16 }, share: 0.8, setup: FIXTURE },
  // Size: SQLite 10k cold GET /events ≥ 1,000/s (100k within 2×: bench/size.mjs); MariaDB 200k cold
  // authenticated two-year page (the default window) p50 ≤ 50 ms.
  { issue: 23, scenario: 'cold-events', c: 16, metric: 'rps', min: 1000, setup: SQLITE_10K },
  { issue: 23, scenario: 'cold-auth-events', c: 1, metric: 'p50', max: 50, setup: MYSQL_200K },

  // Issue #24: "creating a 100-occurrence series takes well under a second on MariaDB and SQLite" (one writer).
  { issue: 24, scenario: 'create-series', c: 1, metric: 'p50', max: 250, setup: {} },

  // Issue #32, relative to the plugin measured in the same run (--plugin, the "plugin" group): every cold
  // read family ≥ 50× the plugin's same request, anonymous and administrator; writes ≥ 10× with 4 writers;
  // a 100-occurrence series p50 ≤ 100 ms.
  ...[...Object.keys(COLD_READS), 'event-by-slug'].flatMap((family) =>
    ['', 'auth-'].map((who) => ({
      issue: 32,
      scenario: `cold-${who}${family}`,
      c: 16,
      metric: 'rps',
      of: { scenario: `plugin-${who}${family}`, c: 16 },
      share: 50,
      setup: FIXTURE,
    })),
  ),
  ...['create-events', 'update-events'].map((scenario) => ({
    issue: 32,
    scenario,
    c: 4,
    metric: 'rps',
    of: { scenario: `plugin-${scenario}`, c: 4 },
    share: 10,
    setup: FIXTURE,
  })),
  { issue: 32, scenario: 'create-series', c: 1, metric: 'p50', max: 100, setup: {} },
];

/** A share of another row: `≥ 80%` below 2, `≥ 50×` from 2 on (how many times the plugin). */
const shareText = (share) => (share >= 2 ? `${Math.round(share)}×` : `${Math.round(share * 100)}%`);

/** Issue #34 ("Fast"): 10,000 VEVENTs (with series) imported in under 30 s, on SQLite and on MariaDB (bench/import.mjs). */
export const IMPORT_TARGET = { issue: 34, events: 10000, maxSeconds: 30 };

/** Whether `setup` (engine, fixture, events) is the one the target is stated for. */
const matches = (setup, run) => Object.entries(setup).every(([key, value]) => run[key] === value);
/** Every answer a 2xx and no request failed. */
const clean = (row) => row.errors === 0 && row.non2xx === 0;

function verdict(target, row, rows) {
  if (target.of) {
    const base = rows.find((r) => r.scenario === target.of.scenario && r.connections === target.of.c);
    if (!base) return { text: `≥ ${shareText(target.share)} of ${target.of.scenario} c${target.of.c} (not run)`, met: false };
    const share = row.rps / base.rps;
    return {
      text: `≥ ${shareText(target.share)} of ${target.of.scenario} c${target.of.c} (${target.share >= 2 ? `${share.toFixed(1)}×` : `${Math.round(share * 100)}%`})`,
      met: clean(row) && clean(base) && share >= target.share,
    };
  }
  const value = target.metric === 'other5xx' ? row.other5xx + row.errors : row[target.metric];
  // Under overload a 503 with Retry-After is allowed, but the run must have answered something.
  const ok = target.metric === 'other5xx' ? row.requests > 0 : clean(row);
  const text = {
    rps: `≥ ${target.min?.toLocaleString('en-US')}/s`,
    p99: `p99 ≤ ${target.max} ms`,
    p50: `p50 ≤ ${target.max} ms`,
    other5xx: 'no other 5xx/error',
  }[target.metric];
  return { text, met: value !== null && ok && (target.min !== undefined ? value >= target.min : value <= target.max) };
}

/**
 * The targets of a row, one per issue (the one stated for this run's engine when there is one, else
 * another engine's as an indication), each with its verdict; `rows` are the run's rows so far.
 */
export function targetsOf(row, run, rows) {
  const candidates = TARGETS.filter((t) => t.scenario === row.scenario && t.c === row.connections);
  return [...new Set(candidates.map((t) => t.issue))].map((issue) => {
    const mine = candidates.filter((t) => t.issue === issue);
    const target = mine.find((t) => (t.setup.engine ?? run.engine) === run.engine) ?? mine[0];
    const { text, met } = verdict(target, row, rows);
    return { text: `#${issue} ${text}`, met, official: matches(target.setup, run) };
  });
}
