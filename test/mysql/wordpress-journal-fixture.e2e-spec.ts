import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ResponseCache } from '../../src/cache/response-cache';
import { currentRows } from '../../src/read-model/repository/read-model.repository';
import { FixtureApp, withFixtureApp } from '../support/fixture-app';
import { basic, BASE } from '../support/test-app';

const RUNNER = resolve(__dirname, '../support/wordpress/run-wordpress.php');
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const YEAR = `${BASE}/events?start_date=2027-01-01&end_date=2027-12-31`;
/** Event 100 of the fixture: at venue 20, cost `Free`, in the category of term_taxonomy_id 7. */
const EVENT = 100;

jest.setTimeout(120_000);

/** Calls WordPress functions in a PHP process of their own, as a wp-admin request or WP-CLI would. */
function callWordPress(fixture: FixtureApp, ...calls: [string, unknown[]][]): unknown[] {
  return JSON.parse(execFileSync('php', [RUNNER, fixture.db.name, JSON.stringify(calls)], { encoding: 'utf8' }));
}

/**
 * Issue #32: WordPress's own writes (wp-admin, WP-CLI, other plugins) bypass the service; the must-use
 * plugin `wordpress/mu-plugins/eca-journal.php` journals exactly what they changed, so the service's
 * next answer shows it and the answers that do not show it stay kept. Real WordPress core (Debian's
 * `wordpress` package, installed by `.ci/run`; the test fails without it) writes to the fixture
 * database with the plugin loaded; the response cache keeps answers for an hour, so only the journal
 * can explain a fresh answer.
 */
describe("WordPress's own writes, journaled by the must-use plugin (real WordPress core, MariaDB fixture)", () => {
  let fixture: FixtureApp;
  withFixtureApp((app) => (fixture = app), { env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });

  const wordpress = (...calls: [string, unknown[]][]) => callWordPress(fixture, ...calls);

  const journalRows = async () =>
    new Map(
      (await fixture.q<{ row: string; cache_keys: string }>("SELECT CONCAT(shard, ':', value) AS row, cache_keys FROM wp_eca_cache_journal")).map((r) => [
        r.row,
        r.cache_keys,
      ]),
    );
  /** The WordPress calls' results, and the keys of the journal rows they left. */
  async function journaled(...calls: [string, unknown[]][]): Promise<{ results: unknown[]; keys: string[] }> {
    const before = await journalRows();
    const results = wordpress(...calls);
    const rows = [...(await journalRows())].filter(([row]) => !before.has(row));
    return { results, keys: rows.flatMap(([, keys]) => keys.split(' ')) };
  }

  /** An anonymous read, and whether the response cache served a kept answer (nothing was stored again). */
  async function served(path: string): Promise<{ body: any; total: number; kept: boolean }> {
    const stores = jest.spyOn(ResponseCache.prototype, 'store');
    try {
      const res = await fixture.t.http.get(path);
      return { body: res.body, total: Number(res.headers['x-wp-total']), kept: stores.mock.calls.length === 0 };
    } finally {
      stores.mockRestore();
    }
  }

  /** Reads twice, so the answer is kept for the next read. */
  async function warm(...paths: string[]): Promise<void> {
    for (const path of paths) {
      await served(path);
      expect({ path, kept: (await served(path)).kept }).toEqual({ path, kept: true });
    }
  }

  const version = async () => Number((await fixture.q<{ v: string }>('SELECT SUM(version) AS v FROM wp_eca_cache_state'))[0].v);

  it('an event edited in WordPress is in the next answer; answers that do not show it stay kept', async () => {
    await warm(`${BASE}/events/${EVENT}`, `${BASE}/venues/5`, `${BASE}/events/101`);
    const { results, keys } = await journaled(['wp_update_post', [{ ID: EVENT, post_title: 'Edited in WordPress' }]]);
    expect(results).toEqual([EVENT]);
    expect(keys).toEqual(expect.arrayContaining([`post:${EVENT}`, 'type:tribe_events']));
    expect(keys).not.toContain('*');
    const edited = await served(`${BASE}/events/${EVENT}`);
    expect({ title: edited.body.title, kept: edited.kept }).toEqual({ title: 'Edited in WordPress', kept: false });
    expect((await served(`${BASE}/venues/5`)).kept).toBe(true);
  });

  it('meta written by WordPress (the cost) is in the next answer', async () => {
    await warm(`${BASE}/events/${EVENT}`);
    wordpress(['update_post_meta', [EVENT, '_EventCost', '42']]);
    expect((await served(`${BASE}/events/${EVENT}`)).body.cost_details.values).toEqual(['42']);
  });

  it('terms set by WordPress are in the next answer, with the counts they moved', async () => {
    const before = (await served(`${BASE}/categories/3`)).body.count;
    await warm(`${BASE}/events/${EVENT}`, `${BASE}/categories/3`);
    const { keys } = await journaled(['wp_set_object_terms', [EVENT, [3], 'tribe_events_cat', true]]);
    expect(keys.sort()).toEqual(['counts:tribe_events_cat', `post:${EVENT}`, 'tt:3', 'type:tribe_events']);
    expect((await served(`${BASE}/events/${EVENT}`)).body.categories.map((c: { id: number }) => c.id)).toContain(3);
    expect((await served(`${BASE}/categories/3`)).body.count).toBe(before + 1);
  });

  it('an event trashed in WordPress leaves the lists at once', async () => {
    const before = (await served(YEAR)).total;
    await warm(YEAR, `${BASE}/events/102`);
    wordpress(['wp_trash_post', [102]]);
    expect((await served(YEAR)).total).toBe(before - 1);
    expect((await served(`${BASE}/events/102`)).body.code).toBeDefined();
  });

  it('a site option written by WordPress retires everything; transients, cron and auto-drafts do not', async () => {
    const unchanged = await version();
    wordpress(
      ['set_transient', ['eca_test', 'x', 60]],
      ['wp_schedule_single_event', [2000000000, 'eca_test_hook']],
      // What wp-admin saves when an editor opens "Add New".
      ['wp_insert_post', [{ post_type: 'tribe_events', post_status: 'auto-draft', post_title: 'Auto Draft' }]],
    );
    expect(await version()).toBe(unchanged);

    await warm(`${BASE}/venues/5`);
    expect((await journaled(['update_option', ['blogname', 'Renamed in WordPress']])).keys).toEqual(['*']);
    expect((await served(`${BASE}/venues/5`)).kept).toBe(false);
  });

  it("TEC's known range moved by WordPress retires only the options' memo; any other setting of the same option retires everything", async () => {
    const [options] = wordpress(['get_option', ['tribe_events_calendar_options']]) as [Record<string, unknown>];
    await warm(`${BASE}/venues/5`);
    const moved = { ...options, latest_date: '2031-12-31 23:59:59', latest_date_markers: [EVENT] };
    expect((await journaled(['update_option', ['tribe_events_calendar_options', moved]])).keys).toEqual(['options']);
    expect((await served(`${BASE}/venues/5`)).kept).toBe(true);

    const reformatted = { ...moved, dateWithoutYearFormat: 'j F' };
    expect((await journaled(['update_option', ['tribe_events_calendar_options', reformatted]])).keys).toEqual(['*']);
    expect((await served(`${BASE}/venues/5`)).kept).toBe(false);
    wordpress(['update_option', ['tribe_events_calendar_options', options]]);
  });

  it('a write that bypasses WordPress (raw SQL) is not seen until the TTL: the journal is what makes answers fresh', async () => {
    await warm(`${BASE}/events/103`);
    const title = (await served(`${BASE}/events/103`)).body.title;
    await fixture.q('UPDATE wp_posts SET post_title = ? WHERE ID = 103', ['Raw SQL title']);
    expect((await served(`${BASE}/events/103`)).body.title).toBe(title);
  });

  it("an application password revoked in WordPress stops working at once (the service's remembered logins are retired)", async () => {
    await fixture.t.http.get(`${BASE}/events/${EVENT}`).set('Authorization', ADMIN).expect(200);
    wordpress(['WP_Application_Passwords::delete_all_application_passwords', [1]]);
    expect((await fixture.t.http.get(`${BASE}/events/${EVENT}`).set('Authorization', ADMIN)).status).toBe(401);
  });
});

/**
 * The read model (issue #32) with every in-process cache off: the plugin deletes, after its bump, the
 * rows that show what WordPress wrote (or, for an option, moves the epoch), so the service's next
 * answer is rendered from WordPress's data and the other rows stay.
 */
describe("WordPress's own writes retire the read model's rows (must-use plugin, TTL 0)", () => {
  let fixture: FixtureApp;
  withFixtureApp((app) => (fixture = app), { env: { RESPONSE_CACHE_TTL_SECONDS: '0', READ_MODEL_MAX_AGE_SECONDS: '0' } });

  /** Whether the event's single text has a current row (`all`: any row, current or not). */
  const row = async (id: number, all = false) => {
    const sql = fixture.t.db.sql;
    const current = currentRows(sql, 'r');
    const found = await fixture.q<{ n: string }>(
      // A single read keeps the event's text (docs/caching.md "lists as text").
      `SELECT COUNT(*) AS n FROM ${sql.table('eca_read_model')} r${all ? '' : current.joins} WHERE r.kind LIKE 'event-single@%' AND r.id = ?${all ? '' : ` AND ${current.condition}`}`,
      [id],
    );
    return Number(found[0].n);
  };
  const title = async (id: number) => (await fixture.t.http.get(`${BASE}/events/${id}`).expect(200)).body.title as string;

  it('an event edited in WordPress loses its row and is in the next answer; the other rows stay', async () => {
    await title(EVENT);
    await title(101);
    expect([await row(EVENT), await row(101)]).toEqual([1, 1]);
    callWordPress(fixture, ['wp_update_post', [{ ID: EVENT, post_title: 'Edited in WordPress, read model' }]]);
    expect([await row(EVENT), await row(101)]).toEqual([0, 1]);
    expect(await title(EVENT)).toBe('Edited in WordPress, read model');
    expect(await row(EVENT)).toBe(1);
  });

  it('a category renamed in WordPress retires every row that shows the categories at once, by its counter (no row deleted)', async () => {
    const category = (await fixture.t.http.get(`${BASE}/events/${EVENT}`).expect(200)).body.categories[0] as { id: number; name: string };
    expect(category).toBeDefined();
    await title(EVENT);
    await title(101);
    expect([await row(EVENT), await row(101)]).toEqual([1, 1]);
    callWordPress(fixture, ['wp_update_term', [category.id, 'tribe_events_cat', { name: 'Renamed in WordPress' }]]);
    expect([await row(EVENT), await row(101), await row(EVENT, true), await row(101, true)]).toEqual([0, 0, 1, 1]);
    const shown = (await fixture.t.http.get(`${BASE}/events/${EVENT}`).expect(200)).body.categories as { id: number; name: string }[];
    expect(shown.find((c) => c.id === category.id)?.name).toBe('Renamed in WordPress');
    expect(await row(EVENT)).toBe(1);
  });

  it('a site option written in WordPress retires every row at once', async () => {
    await title(101);
    expect(await row(101)).toBe(1);
    callWordPress(fixture, ['update_option', ['blogdescription', 'Changed in WordPress']]);
    expect(await row(101)).toBe(0);
  });
});
