// The service instances a `npm run bench` run may start (a scenario's `instance`, bench/scenarios.mjs)
// and, for the cold one, what it still keeps warm.
//   cached   — the service with its defaults (response cache on);
//   uncached — RESPONSE_CACHE_TTL_SECONDS=0: no response cache, records or list totals (issue #19's
//              database road; the credential cache still vouches for a repeated Basic header);
//   cold     — issue #23's cold road: every cache that has a switch is off: RESPONSE_CACHE_TTL_SECONDS=0
//              (response cache, record cache, list totals, site options shared per data version) and
//              AUTH_CACHE_SECONDS=0 (credential cache: every authenticated request looks its user and
//              application passwords up and verifies the hash). BENCH_COLD_AUTH_CACHE_SECONDS keeps the
//              credential cache on for a comparison. The read model (issue #32) is durable state, not a
//              cache: it stays on, as after a restart; BENCH_COLD_READ_MODEL=false measures the road
//              without it (every record rendered from the WordPress tables) for a comparison.
export function instanceEnvs(baseEnv) {
  const uncached = { ...baseEnv, RESPONSE_CACHE_TTL_SECONDS: '0' };
  return {
    cached: baseEnv,
    uncached,
    cold: { ...uncached, AUTH_CACHE_SECONDS: process.env.BENCH_COLD_AUTH_CACHE_SECONDS ?? '0', READ_MODEL: process.env.BENCH_COLD_READ_MODEL ?? 'true' },
  };
}

/** What the cold instance still keeps from one request to the next: no switch turns these off. */
export const STILL_WARM_WHEN_COLD = [
  'Still warm on the cold instance (no switch turns these off):',
  '- rendered texts (src/cache/rendered-text.ts): the_title/the_content/the_excerpt outputs by input text, 3 × 8 MB;',
  '  never stale, so only the first read of each description pays wpautop/wptexturize/kses;',
  "- TEC's settings parse (sharedUnserialize, src/wordpress/php-serialization.ts): the option row is read every request,",
  '  its PHP-serialized value parsed once per distinct value;',
  '- read model rows decoded (src/read-model/decoded-rows.ts): each row is read every request, its text decoded once per',
  '  distinct text, 32 MB;',
  '- the geolocation index (src/venues/venue-geo.index.ts), checked at most once a second (geo lists only);',
  "- what any process keeps: V8's compiled code, the connection pool, MariaDB's buffer pool / SQLite's page cache",
  '  (the warm-up pass before each scenario fills them).',
].join('\n');
