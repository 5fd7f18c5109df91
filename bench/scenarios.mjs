// The scenarios of `npm run bench`, in the order they run (the issues' targets: bench/targets.mjs).
//
// Each scenario names the process it drives (`instance`): `limit` — bench/limit-server.mjs, a bare
// node:http server, the ceiling of the generator+server pair — or a service instance of
// bench/instances.mjs: `cached` (the defaults), `uncached` (RESPONSE_CACHE_TTL_SECONDS=0) or `cold`
// (every cache with a switch off). A varying query parameter would miss the response cache too, but
// the list totals (src/cache/list-totals.ts, keyed by the COUNT statement, not the URL) would still
// answer every count after the first — half the road: the database road needs TTL 0.
// Each also names the concurrencies it runs at (`at`): the --connections list, the writers
// (--write-connections, 1, 4 and 16) or the overload levels (--overload-connections, 300 and 1,000).
// Reads run before writes so that every read sees the database as loaded or seeded.
export const BASE = '/wp-json/tribe/events/v1';

const define = (name, group, instance, request, path, extra = {}) => ({ name, group, instance, request, path, at: 'connections', warmUp: true, ...extra });

const EVENTS = `${BASE}/events`;
/** The request families of the cold group: name, request, path, options. */
const COLD_FAMILIES = [
  ['events', 'GET /events', EVENTS],
  ['events-per-page-50', 'GET /events?per_page=50', `${EVENTS}?per_page=50`],
  ['event-by-id', 'GET /events/{id}', EVENTS, { kind: 'by-id' }],
  ['event-by-slug', 'GET /events/by-slug/{slug}', EVENTS, { kind: 'by-slug' }],
  ['venues', 'GET /venues', `${BASE}/venues`],
  ['categories', 'GET /categories', `${BASE}/categories`],
];

/**
 * The plugin's rows (group "plugin", only with --plugin URL on the fixture): the cold group's request
 * families and the writes, asked of the real plugin on the same data (test/fixtures/wordpress), so
 * issue #32's targets (cold ≥ 50×, writes ≥ 10× the plugin) compare figures of one run.
 */
function pluginScenarios() {
  return [
    ...COLD_FAMILIES.flatMap(([family, request, path, extra]) => [
      define(`plugin-${family}`, 'plugin', 'plugin', `${request} (the plugin)`, path, extra),
      define(`plugin-auth-${family}`, 'plugin', 'plugin', `${request} (admin, the plugin)`, path, { ...extra, auth: true }),
    ]),
    define('plugin-create-events', 'plugin', 'plugin', 'POST /events, the plugin (creates/s)', EVENTS, { kind: 'create', at: 'writes' }),
    define('plugin-update-events', 'plugin', 'plugin', 'PUT /events/{id}, the plugin (updates/s)', EVENTS, { kind: 'update', at: 'writes' }),
  ];
}

export function scenarioList(sample, { plugin = false } = {}) {
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
    // Issue #23's cold road, each request family anonymous and authenticated, on the cold instance.
    ...COLD_FAMILIES.flatMap(([family, request, path, extra]) => [
      define(`cold-${family}`, 'cold', 'cold', `${request} (cold)`, path, extra),
      define(`cold-auth-${family}`, 'cold', 'cold', `${request} (admin, cold)`, path, { ...extra, auth: true }),
    ]),
    ...(plugin ? pluginScenarios() : []),
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
    // A live site (issue #23): anonymous reads spread over a few hundred URLs (bench/live-site.mjs) with the
    // service's defaults, alone and beside 2 updates/s: the writes' bench body (a random date, category, tag,
    // venue and organizer each time: the moved term counts show in about half the fixture's events), and an
    // editor's text corrections (title and description: the answers of that event and every event list).
    define('live-site', 'live-site', 'cached', 'GET spread over the live-site URLs', EVENTS, { kind: 'live' }),
    define('live-site-writer', 'live-site', 'cached', 'the same + 2 PUT /events/{id}/s', EVENTS, { kind: 'live', writer: { perSecond: 2 } }),
    define('live-site-editor', 'live-site', 'cached', 'the same + 2 PUT /events/{id}/s of title and text', EVENTS, {
      kind: 'live',
      writer: { perSecond: 2, text: true },
    }),
    // The writes' bench body on the first events of the sampled series (each rewrites the whole series).
    ...(sample.series.length
      ? [
          define('live-site-series', 'live-site', 'cached', "the same + 2 PUT /events/{id}/s of a series' first event", EVENTS, {
            kind: 'live',
            writer: { perSecond: 2, series: true },
          }),
        ]
      : []),
    // Writes, as the administrator; the table grows by every create of the run.
    define('mixed', 'writes', 'cached', '95% reads, 5% POST /events', EVENTS, { kind: 'mixed' }),
    define('create-events', 'writes', 'cached', 'POST /events (creates/s)', EVENTS, { kind: 'create', at: 'writes' }),
    define('update-events', 'writes', 'cached', 'PUT /events/{id} (updates/s)', EVENTS, { kind: 'update', at: 'writes' }),
    // Issue #24: a weekly series of 100 occurrences per POST (the first event and 99 children, one transaction).
    define('create-series', 'writes', 'cached', 'POST /events with a 100-occurrence weekly rule (creates/s)', EVENTS, { kind: 'create-series', at: 'writes' }),
  ];
}

/** The bare-Node limit line, run at every concurrency of the chosen scenarios. */
export const LIMIT = define('limit', 'limit', 'limit', 'bare node:http, fixed small JSON', '/');
