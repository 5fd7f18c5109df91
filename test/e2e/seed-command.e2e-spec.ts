import { UsersService } from '../../src/auth/users.service';
import { runCommand, UsageError } from '../../src/cli/commands';
import { eventInput, organizerInputs, Picker, randomSource, SeedEventInput, termNames, venueInputs } from '../../src/cli/seed/seed-data';
import { occurrenceHash } from '../../src/dates';
import { phpUnserialize } from '../../src/wordpress/php-serialization';
import { ADMIN, EVENTS, createEvent, eventPost } from './events-write-helpers';
import { BASE, startTestApp, TestApp } from '../support/test-app';

const SEED = 3;
const EVENT_COUNT = 40;
const argv = [
  'seed',
  '--events',
  String(EVENT_COUNT),
  '--venues',
  '3',
  '--organizers',
  '3',
  '--categories',
  '4',
  '--tags',
  '5',
  '--seed',
  String(SEED),
  '--batch',
  '16',
];

/** Columns that hold the write time, the ID or values derived from the ID/slug: compared separately. */
const VOLATILE_POST_COLUMNS = ['ID', 'guid', 'post_name', 'post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt'];

describe('npm run cli -- seed', () => {
  let t: TestApp;
  let lines: string[];
  let seededIds: number[];
  let inputs: SeedEventInput[];

  const rows = (query: string, params: (string | number)[] = []) => t.db.sql.rows<Record<string, any>>(query, params);
  const table = (name: string) => t.db.sql.table(name);
  const meta = (id: number) => rows(`SELECT meta_key, meta_value FROM ${table('postmeta')} WHERE post_id = ? ORDER BY meta_id`, [id]);
  const ids = async (postType: string) => (await rows(`SELECT ID FROM ${table('posts')} WHERE post_type = ? ORDER BY ID`, [postType])).map((r) => Number(r.ID));

  beforeAll(async () => {
    t = await startTestApp();
    lines = [];
    await runCommand(argv, t.app.get(UsersService), (l) => lines.push(l), t.app);
    seededIds = await ids('tribe_events');

    // Replay the generator with the same seed and the records the command created.
    const pick = new Picker(randomSource(SEED));
    venueInputs(3, pick);
    organizerInputs(3, pick);
    const termIds = async (taxonomy: string, names: string[]) => {
      const found = await rows(
        `SELECT t.term_id, t.name FROM ${table('terms')} t JOIN ${table('term_taxonomy')} tt ON tt.term_id = t.term_id WHERE tt.taxonomy = ?`,
        [taxonomy],
      );
      return names.map((n) => Number(found.find((r) => r.name === n.replace('&', '&amp;'))!.term_id));
    };
    const pools = {
      venues: await ids('tribe_venue'),
      organizers: await ids('tribe_organizer'),
      categories: await termIds('tribe_events_cat', termNames(4, 'category')),
      tags: await termIds('post_tag', termNames(5, 'tag')),
    };
    const today = String((await eventPost(t, seededIds[0])).post_date).slice(0, 10);
    inputs = Array.from({ length: EVENT_COUNT }, (_, i) => eventInput(i + 1, today, pick, pools));
  });
  afterAll(() => t.close());

  it('reports what it wrote', () => {
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Seeded ${EVENT_COUNT} events, 3 venues, 3 organizers, 4 categories and 5 tags in [\\d.]+ s \\(\\d+ events/s\\)$`)),
    ]);
    expect(seededIds).toHaveLength(EVENT_COUNT);
  });

  it('seeds the events the generator describes, covering every kind of field', async () => {
    for (const [i, id] of seededIds.entries()) expect((await eventPost(t, id)).post_title).toBe(inputs[i].title);
    expect(inputs.some((e) => e.all_day)).toBe(true);
    expect(inputs.some((e) => e.featured)).toBe(true);
    expect(inputs.some((e) => e.website)).toBe(true);
    expect(inputs.some((e) => e.excerpt)).toBe(true);
    expect(inputs.some((e) => e.venue === undefined)).toBe(true);
    expect(inputs.some((e) => (e.organizer ?? []).length === 2)).toBe(true);
    expect(inputs.some((e) => e.cost === '$15')).toBe(true);
    expect(inputs.some((e) => e.cost === '0')).toBe(true);
  });

  it('gives most venues coordinates, indexed for the geolocation filter', async () => {
    const venues = (await t.http.get(`${BASE}/venues`).expect(200)).body.venues as { id: number; geo_lat?: number; geo_lng?: number }[];
    const located = venues.filter((v) => v.geo_lat !== undefined);
    expect(located.length).toBeGreaterThan(0);
    for (const v of located) {
      expect(v.geo_lat).toBeGreaterThanOrEqual(36);
      expect(v.geo_lat).toBeLessThanOrEqual(60);
      expect(v.geo_lng).toBeGreaterThanOrEqual(-10);
      expect(v.geo_lng).toBeLessThanOrEqual(30);
    }
    const near = await t.http
      .get(EVENTS)
      .query({ per_page: 50, start_date: '2000-01-01', geoloc_lat: located[0].geo_lat, geoloc_lng: located[0].geo_lng })
      .expect(200);
    const expected = inputs.filter((e) => e.venue === located[0].id).length;
    expect(near.body.total).toBeGreaterThanOrEqual(expected);
    expect(near.body.events.every((e: { venue: { geo_lat?: number } }) => e.venue.geo_lat !== undefined)).toBe(true);
  });

  it('serves the seeded events through GET /events', async () => {
    const res = await t.http.get(EVENTS).query({ per_page: 50, start_date: '2000-01-01' }).expect(200);
    expect(res.body.total).toBe(EVENT_COUNT);
    expect(res.body.events.map((e: { id: number }) => e.id).sort((a: number, b: number) => a - b)).toEqual(seededIds);
  });

  it('writes exactly the rows POST /events writes for the same input', async () => {
    for (const [i, seededId] of seededIds.entries()) {
      const created = await createEvent(t, inputs[i] as unknown as Record<string, unknown>, ADMIN);
      const apiId = Number(created.id);
      const label = `event ${i + 1} (${inputs[i].title})`;

      // posts: same columns; the API copy takes the `-2` slug, ID and slug appear in the guid alike.
      const [seeded, api] = [await eventPost(t, seededId), await eventPost(t, apiId)];
      const stable = (p: Record<string, any>) => Object.fromEntries(Object.entries(p).filter(([k]) => !VOLATILE_POST_COLUMNS.includes(k)));
      expect({ label, ...stable(seeded) }).toEqual({ label, ...stable(api) });
      expect(api.post_name).toBe(`${seeded.post_name}-2`);
      expect(seeded.guid).toBe(String(api.guid).replace(`/${api.post_name}/`, `/${seeded.post_name}/`).replace(`p=${apiId}`, `p=${seededId}`));
      for (const column of VOLATILE_POST_COLUMNS.slice(3)) expect(String(seeded[column])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      // meta: same keys in the same order, same stored encodings; the bookkeeping row differs in times only.
      const [seededMeta, apiMeta] = [await meta(seededId), await meta(apiId)];
      const withoutTimes = (m: Record<string, any>[]) =>
        m.map((r) => [r.meta_key, r.meta_key === '_tribe_modified_fields' ? String(r.meta_value).replace(/i:\d+;/g, 'i:T;') : r.meta_value]);
      expect({ label, meta: withoutTimes(seededMeta) }).toEqual({ label, meta: withoutTimes(apiMeta) });
      const tracked = phpUnserialize<Record<string, number>>(seededMeta[0].meta_value)!;
      expect(seededMeta[0].meta_key).toBe('_tribe_modified_fields');
      expect(Object.keys(tracked)).toEqual(Object.keys(phpUnserialize<Record<string, number>>(apiMeta[0].meta_value)!));

      // terms
      const terms = async (id: number) =>
        (await rows(`SELECT term_taxonomy_id FROM ${table('term_relationships')} WHERE object_id = ? ORDER BY term_taxonomy_id`, [id])).map((r) =>
          Number(r.term_taxonomy_id),
        );
      expect(await terms(seededId)).toEqual(await terms(apiId));

      // TEC custom tables
      const tec = async (id: number) => ({
        event: await t.db.sql.one<Record<string, any>>(`SELECT * FROM ${table('tec_events')} WHERE post_id = ?`, [id]),
        occurrences: await rows(`SELECT * FROM ${table('tec_occurrences')} WHERE post_id = ?`, [id]),
      });
      const [seededTec, apiTec] = [await tec(seededId), await tec(apiId)];
      const drop = (row: Record<string, any>, keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
      expect(drop(seededTec.event!, ['event_id', 'post_id', 'updated_at'])).toEqual(drop(apiTec.event!, ['event_id', 'post_id', 'updated_at']));
      expect(seededTec.occurrences).toHaveLength(1);
      const occurrence = seededTec.occurrences[0];
      const occurrenceKeys = ['occurrence_id', 'event_id', 'post_id', 'updated_at', 'hash'];
      expect(drop(occurrence, occurrenceKeys)).toEqual(drop(apiTec.occurrences[0], occurrenceKeys));
      expect(Number(occurrence.event_id)).toBe(Number(seededTec.event!.event_id));
      expect(occurrence.hash).toBe(
        occurrenceHash({
          postId: seededId,
          startDate: occurrence.start_date,
          endDate: occurrence.end_date,
          startDateUtc: occurrence.start_date_utc,
          endDateUtc: occurrence.end_date_utc,
          duration: Number(occurrence.duration),
        }),
      );

      // the representation: the same but for identity, links and write times
      const read = async (id: number) => (await t.http.get(`${EVENTS}/${id}`).expect(200)).body;
      const comparable = (e: Record<string, any>) => {
        const { id, global_id, global_id_lineage, url, rest_url, slug, date, date_utc, modified, modified_utc, ...rest } = e;
        // organizer e-mails are obfuscated at random on every request (antispambot): compared decoded
        const decoded = (key: string, value: unknown) =>
          key === 'email' && typeof value === 'string' ? value.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))) : value;
        return JSON.parse(JSON.stringify(rest).split(`/${slug}/`).join('/SLUG/'), decoded);
      };
      expect({ label, ...comparable(await read(seededId)) }).toEqual({ label, ...comparable(await read(apiId)) });
    }
  });

  it('keeps every term count equal to its published events', async () => {
    const counts = await rows(
      `SELECT tt.term_taxonomy_id, tt.count, (SELECT COUNT(*) FROM ${table('term_relationships')} tr JOIN ${table('posts')} p ON p.ID = tr.object_id
         WHERE tr.term_taxonomy_id = tt.term_taxonomy_id AND p.post_status = 'publish') AS actual FROM ${table('term_taxonomy')} tt`,
    );
    expect(counts.length).toBe(9);
    for (const row of counts) expect(Number(row.count)).toBe(Number(row.actual));
    expect(counts.some((r) => Number(r.count) > 0)).toBe(true);
  });

  it('rejects bad usage', async () => {
    const users = t.app.get(UsersService);
    await expect(runCommand(['seed'], users, () => undefined, t.app)).rejects.toThrow(new UsageError('--events is required for seed'));
    await expect(runCommand(['seed', '--events', 'many'], users, () => undefined, t.app)).rejects.toThrow(/--events must be a whole number/);
    await expect(runCommand(['seed', '--events', '1', '--author', 'ghost'], users, () => undefined, t.app)).rejects.toThrow(/No user with login "ghost"/);
  });
});
