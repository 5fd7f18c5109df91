import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FixtureApp, withFixtureApp } from '../support/fixture-app';
import { FIXTURES } from '../support/fixture-paths';
import { Answer, compareWithGolden, Server } from '../support/golden-compare';
import { basic, BASE, SITE } from '../support/test-app';

const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const SERVER: Server = { origin: SITE, restRoot: `${SITE}/wp-json` };
const CAPTURES = resolve(FIXTURES, 'plugin-captures/import');
/** The producers' files, imported in this order on both sides (test/fixtures/plugin-captures/import/README.md). */
const FILES = ['google', 'outlook', 'apple', 'thunderbird'];
const CALLERS = [
  ['anonymous', undefined],
  ['admin', ADMIN],
] as const;

const REQUESTS = readFileSync(resolve(CAPTURES, 'requests.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.trim().split(/\s+/) as [string, string]);
/** The plugin's IDs of the imported records, by slug (`term:slug` for terms). */
const PLUGIN_IDS: Record<string, number> = JSON.parse(readFileSync(resolve(CAPTURES, 'ids.json'), 'utf8'));

/**
 * The records' IDs as names, in numbers under ID keys and in URLs (`/events/245`, `?id=245`), and the
 * moments they were written masked, so two databases that wrote the same records at other times and
 * numbered them differently compare equal.
 */
function withNamedIds(value: unknown, names: Map<number, string>, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withNamedIds(v, names));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNamedIds(v, names, k)]));
  // When each side wrote its records: the moment of each import run.
  if (typeof value === 'string' && /^(date|date_utc|modified|modified_utc|validFrom)$/.test(key ?? '')) return '{WRITTEN}';
  if (typeof value === 'number' && /^(id|term_id|term_taxonomy_id|parent)$/.test(key ?? '')) return names.has(value) ? `{${names.get(value)}}` : value;
  if (typeof value === 'string')
    return value.replace(/(?<=[/=])(\d+)(?=$|[/&?#])/g, (digits) => (names.has(Number(digits)) ? `{${names.get(Number(digits))}}` : digits));
  return value;
}

/**
 * What the service adds to the plugin's shapes, documented as its own: a series' `recurrence` and
 * `series` (docs/recurring-events.md) and a venue's coordinates, the keys of Events Calendar Pro
 * (docs/geolocation.md). Everything else must be the plugin's.
 */
function withoutServiceKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutServiceKeys);
  if (!value || typeof value !== 'object') return value;
  const own = ['recurrence', 'series', 'geo_lat', 'geo_lng', 'geo'];
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !own.includes(k))
      .map(([k, v]) => [k, withoutServiceKeys(v)]),
  );
}

/**
 * Issue #34: the plugin reads what the import writes. The four producers' files (Google, Outlook,
 * Apple, Thunderbird) were imported by this service into the real plugin's database and the plugin
 * (TEC 6.17.2) was asked for every record they made; here the same files are imported into the same
 * fixture database and the service must answer what the plugin answered, field by field.
 */
describe('imported events as the plugin reads them, on the WordPress + TEC fixture database (MariaDB)', () => {
  let fixture: FixtureApp;
  const ours = new Map<number, string>();
  const plugin = new Map(Object.entries(PLUGIN_IDS).map(([name, id]) => [id, name]));

  withFixtureApp((app) => (fixture = app));

  beforeAll(async () => {
    const [{ last }] = await fixture.q<{ last: number }>('SELECT MAX(ID) AS last FROM wp_posts');
    const [{ lastTerm }] = await fixture.q<{ lastTerm: number }>('SELECT MAX(term_id) AS lastTerm FROM wp_terms');
    for (const file of FILES) {
      const res = await fixture.t.http
        .post('/wp-json/eca/v1/imports')
        .set('Authorization', ADMIN)
        .set('Content-Type', 'text/calendar')
        .send(readFileSync(resolve(FIXTURES, `import/${file}.ics`), 'utf8'));
      expect({ file, status: res.status, failed: res.body.counts?.failed }).toEqual({ file, status: 201, failed: 0 });
    }
    for (const row of await fixture.q<{ name: string; id: number }>('SELECT post_name AS name, ID AS id FROM wp_posts WHERE ID > ?', [last]))
      ours.set(Number(row.id), row.name);
    for (const row of await fixture.q<{ name: string; id: number }>('SELECT slug AS name, term_id AS id FROM wp_terms WHERE term_id > ?', [lastTerm]))
      ours.set(Number(row.id), `term:${row.name}`);
  });

  it('creates the records the plugin was asked about, by the same slugs', () => {
    expect([...ours.values()].sort()).toEqual(Object.keys(PLUGIN_IDS).sort());
  });

  it.each(REQUESTS)('%s: the service answers %s as the plugin did', async (name, path) => {
    const ids = new Map([...ours].map(([id, slug]) => [slug, id]));
    const filled = path.replace(/\{([^}]+)\}/g, (_, slug: string) => String(ids.get(slug)));
    for (const [caller, auth] of CALLERS) {
      const captured: Answer = JSON.parse(readFileSync(resolve(CAPTURES, `${name}.${caller}.json`), 'utf8'));
      const request = fixture.t.http.get(`${BASE}${filled}`).set('Accept', 'application/json');
      const res = await (auth ? request.set('Authorization', auth) : request);
      const answer: Answer = { status: res.status, headers: res.headers as Record<string, string>, body: withNamedIds(withoutServiceKeys(res.body), ours) };
      const expected: Answer = { ...captured, body: withNamedIds(captured.body, plugin) };
      expect({ caller, differences: compareWithGolden(expected, answer, { server: SERVER, now: new Date() }) }).toEqual({ caller, differences: [] });
    }
  });
});
