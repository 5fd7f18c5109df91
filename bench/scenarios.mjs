// The scenarios of `npm run bench`, in the order they run, and the targets for them.
//
// Each scenario names the process it drives (`instance`):
//   limit    — bench/limit-server.mjs, a bare node:http server: the ceiling of the generator+server pair;
//   cached   — the service with its defaults (response cache on);
//   uncached — a second service with RESPONSE_CACHE_TTL_SECONDS=0: every anonymous read takes the
//              database road. A varying query parameter would miss the response cache too, but the list
//              totals (src/cache/list-totals.ts, keyed by the COUNT statement, not the URL) would still
//              answer every count after the first — half the road. TTL 0 turns both off: what the first
//              read after a write costs.
// and the concurrencies it runs at (`at`): the --connections list, the writers (--write-connections,
// 1 and 4) or the overload levels (--overload-connections, 300 and 1,000).
// Reads run before writes so that every read sees the database as loaded or seeded.
export const BASE = '/wp-json/tribe/events/v1';

const define = (name, group, instance, request, path, extra = {}) => ({ name, group, instance, request, path, at: 'connections', warmUp: true, ...extra });

export function scenarioList(sample) {
  const EVENTS = `${BASE}/events`;
  return [
    // Anonymous reads the response cache answers after the first (group "cached").
    define('events', 'cached', 'cached', 'GET /events (cache hit)', EVENTS),
    define('events-per-page-50', 'cached', 'cached', 'GET /events?per_page=50 (cache hit)', `${EVENTS}?per_page=50`),
    define('events-category-window', 'cached', 'cached', 'GET /events category + 30 days (cache hit)', `${EVENTS}?${sample.windowQuery}`),
    define('event-by-id', 'cached', 'cached', 'GET /events/{id} (cache hit)', EVENTS, { kind: 'by-id' }),
    define('event-by-slug', 'cached', 'cached', 'GET /events/by-slug/{slug} (cache hit)', EVENTS, { kind: 'by-slug' }),
    define('venues', 'cached', 'cached', 'GET /venues (cache hit)', `${BASE}/venues`),
    define('organizers', 'cached', 'cached', 'GET /organizers (cache hit)', `${BASE}/organizers`),
    define('categories', 'cached', 'cached', 'GET /categories (cache hit)', `${BASE}/categories`),
    // Authenticated reads, Basic auth with an administrator's application password: after the first,
    // the credential cache vouches for the header and the response cache keeps the caller's answers.
    define('auth-events', 'auth', 'cached', 'GET /events (admin)', EVENTS, { auth: true }),
    define('auth-events-per-page-50', 'auth', 'cached', 'GET /events?per_page=50 (admin)', `${EVENTS}?per_page=50`, { auth: true }),
    define('auth-event-by-id', 'auth', 'cached', 'GET /events/{id} (admin)', EVENTS, { auth: true, kind: 'by-id' }),
    define('auth-event-by-slug', 'auth', 'cached', 'GET /events/by-slug/{slug} (admin)', EVENTS, { auth: true, kind: 'by-slug' }),
    define('auth-venues', 'auth', 'cached', 'GET /venues (admin)', `${BASE}/venues`, { auth: true }),
    define('auth-categories', 'auth', 'cached', 'GET /categories (admin)', `${BASE}/categories`, { auth: true }),
    // Anonymous reads that miss the response cache (every URL new): the records and the list's total,
    // shared under the data version, are still used — what a new URL costs on a running instance.
    define('miss-events', 'miss', 'cached', 'GET /events (response-cache miss)', EVENTS, { kind: 'miss' }),
    define('miss-events-per-page-50', 'miss', 'cached', 'GET /events?per_page=50 (response-cache miss)', `${EVENTS}?per_page=50`, { kind: 'miss' }),
    // Anonymous reads on the database road (the uncached instance: nothing shared, cold every time).
    define('uncached-events', 'uncached', 'uncached', 'GET /events (no response cache)', EVENTS),
    define('uncached-events-per-page-50', 'uncached', 'uncached', 'GET /events?per_page=50 (no response cache)', `${EVENTS}?per_page=50`),
    // Authenticated reads on the database road: the same credentials, nothing kept (TTL 0).
    define('uncached-auth-events', 'uncached', 'uncached', 'GET /events (admin, no response cache)', EVENTS, { auth: true }),
    define('uncached-auth-event-by-id', 'uncached', 'uncached', 'GET /events/{id} (admin, no response cache)', EVENTS, { auth: true, kind: 'by-id' }),
    // At least 31 s: a request that waits longer than the generator's 30 s timeout then shows as an error.
    define('overload-uncached-events', 'overload', 'uncached', 'GET /events (no response cache), overload', EVENTS, {
      at: 'overload',
      warmUp: false,
      minSeconds: 31,
    }),
    // Geolocation (issue #16, docs/geolocation.md), beside the venue filter it is compared with: a 25 km
    // circle around a seeded venue's coordinates (group "geo"; the uncached ones read the database).
    define('events-geo', 'geo', 'cached', 'GET /events 25 km circle (cache hit)', `${EVENTS}?${sample.geoQuery}`),
    define('uncached-events-venue', 'geo', 'uncached', 'GET /events?venue= (no response cache)', `${EVENTS}?${sample.venueQuery}`),
    define('uncached-events-geo', 'geo', 'uncached', 'GET /events 25 km circle (no response cache)', `${EVENTS}?${sample.geoQuery}`),
    // Writes, as the administrator; the table grows by every create of the run.
    define('mixed', 'writes', 'cached', '95% reads, 5% POST /events', EVENTS, { kind: 'mixed' }),
    define('create-events', 'writes', 'cached', 'POST /events (creates/s)', EVENTS, { kind: 'create', at: 'writes' }),
    define('update-events', 'writes', 'cached', 'PUT /events/{id} (updates/s)', EVENTS, { kind: 'update', at: 'writes' }),
  ];
}

/** The bare-Node limit line, run at every concurrency of the chosen scenarios. */
export const LIMIT = define('limit', 'limit', 'limit', 'bare node:http, fixed small JSON', '/');

/**
 * Issue #19's targets ("on the fixture database, MariaDB, c16"; writes with 4 writers). `setup`
 * says on which runs a target is the issue's own; elsewhere it is shown as an indication.
 */
const FIXTURE = { fixture: true, engine: 'mysql' };
const TARGETS = [
  { scenario: 'events', c: 16, metric: 'p99', max: 10, setup: FIXTURE },
  { scenario: 'auth-events', c: 16, metric: 'rps', min: 1700, setup: FIXTURE },
  { scenario: 'auth-event-by-id', c: 16, metric: 'rps', min: 3100, setup: FIXTURE },
  { scenario: 'auth-venues', c: 16, metric: 'rps', min: 3500, setup: FIXTURE },
  { scenario: 'auth-categories', c: 16, metric: 'rps', min: 2700, setup: FIXTURE },
  // "Uncached anonymous": requests the response cache misses (records and totals shared as designed).
  { scenario: 'miss-events', c: 16, metric: 'rps', min: 2000, setup: FIXTURE },
  { scenario: 'miss-events-per-page-50', c: 16, metric: 'rps', min: 1200, setup: FIXTURE },
  { scenario: 'create-events', c: 4, metric: 'rps', min: 350, setup: FIXTURE },
  { scenario: 'update-events', c: 4, metric: 'rps', min: 350, setup: FIXTURE },
  // "zero 5xx other than 503 with Retry-After" — and no request lost to a timeout (30 s) or a reset.
  { scenario: 'overload-uncached-events', c: 300, metric: 'other5xx', max: 0, setup: {} },
  { scenario: 'overload-uncached-events', c: 1000, metric: 'other5xx', max: 0, setup: {} },
  // The embedded default: SQLite with 10k events, uncached GET /events ≥ 1,000/s.
  { scenario: 'miss-events', c: 16, metric: 'rps', min: 1000, setup: { engine: 'sqlite', events: 10000 } },
  // Size on MariaDB: an authenticated 2-year-window page at 200k events, p50 ≤ 50 ms — on the database
  // road (nothing kept: the exact total counted every time), not from the response cache.
  { scenario: 'uncached-auth-events', c: 1, metric: 'p50', max: 50, setup: { engine: 'mysql', fixture: false, events: 200000 } },
];

/** Whether `setup` (engine, fixture, events) is the one the target is stated for. */
const matches = (setup, run) => Object.entries(setup).every(([key, value]) => run[key] === value);

/**
 * The target of a row and its verdict: the one stated for this run's engine when there is one, else
 * another engine's as an indication. A throughput target passes only when every answer was a 2xx and
 * no request failed.
 */
export function targetOf(row, run) {
  const candidates = TARGETS.filter((t) => t.scenario === row.scenario && t.c === row.connections);
  const target = candidates.find((t) => (t.setup.engine ?? run.engine) === run.engine) ?? candidates[0];
  if (!target) return undefined;
  const value = target.metric === 'other5xx' ? row.other5xx + row.errors : row[target.metric];
  // Under overload a 503 with Retry-After is allowed, but the run must have answered something.
  const clean = target.metric === 'other5xx' ? row.requests > 0 : row.errors === 0 && row.non2xx === 0;
  const met = value !== null && clean && (target.min !== undefined ? value >= target.min : value <= target.max);
  const text = {
    rps: `≥ ${target.min?.toLocaleString('en-US')}/s`,
    p99: `p99 ≤ ${target.max} ms`,
    p50: `p50 ≤ ${target.max} ms`,
    other5xx: 'no other 5xx/error',
  }[target.metric];
  return { text, met, official: matches(target.setup, run) };
}
