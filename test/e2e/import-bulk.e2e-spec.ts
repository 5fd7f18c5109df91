import { benchCalendar } from '../../bench/ical-file.mjs';
import { AuthService } from '../../src/auth/auth.service';
import { SiteClockService } from '../../src/wordpress/site-clock';
import { UsersStore } from '../../src/wordpress/users.store';
import { zoneOrFallback } from '../../src/dates';
import { EventImporter, ImportOrigin } from '../../src/import/event-importer';
import { groupEvents } from '../../src/import/group-events';
import { readCalendar } from '../../src/import/ical/read-calendar';
import { ImportsService } from '../../src/import/imports.service';
import { ImportCreateArgs } from '../../src/import/imports.args';
import { GROUPS_PER_BATCH } from '../../src/import/batch-importer';
import { ADMIN, ADMIN_USER, SITE, startTestApp, TestApp } from '../support/test-app';

type Row = Record<string, unknown>;
const SOURCE = 'bench.ics';
const ORIGIN: ImportOrigin = { origin: 'ics', source: SOURCE, status: 'publish' };

/** Columns that differ between two writes of the same event: IDs and the moment of the write. */
const MOMENT_COLUMNS = new Set(['ID', 'guid', 'post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt']);
/** Meta holding post IDs (compared by the linked post's title) and meta holding the moment (compared by its keys). */
const ID_META = new Set(['_EventVenueID', '_EventOrganizerID']);
/** The change feed's record types that are posts (named by slug); terms keep their IDs (created in the same order on both roads). */
const POST_RECORDS = new Set(['event', 'venue', 'organizer']);

async function callerOf(t: TestApp) {
  return t.app.get(AuthService).callerFor((await t.app.get(UsersStore).findByLogin(ADMIN_USER))!);
}

/** Groups the batch road hands to the per-event road: a cancelled event (a draft), a reserved slug, a changed occurrence; and a cancelled occurrence (an exdate: batched). */
const ALONE = [
  ['BEGIN:VEVENT', 'UID:extra-cancelled', 'DTSTART:20270401T100000Z', 'SUMMARY:Cancelled one', 'STATUS:CANCELLED', 'END:VEVENT'],
  ['BEGIN:VEVENT', 'UID:extra-feed', 'DTSTART:20270402T100000Z', 'SUMMARY:Feed', 'END:VEVENT'],
  ['BEGIN:VEVENT', 'UID:extra-series', 'DTSTART:20270405T100000Z', 'SUMMARY:Series with a change', 'RRULE:FREQ=WEEKLY;COUNT=4', 'END:VEVENT'],
  ['BEGIN:VEVENT', 'UID:extra-series', 'RECURRENCE-ID:20270412T100000Z', 'DTSTART:20270412T140000Z', 'SUMMARY:Changed occurrence', 'END:VEVENT'],
  ['BEGIN:VEVENT', 'UID:extra-exdate', 'DTSTART:20270406T100000Z', 'SUMMARY:Series with a cancelled one', 'RRULE:FREQ=WEEKLY;COUNT=3', 'END:VEVENT'],
  ['BEGIN:VEVENT', 'UID:extra-exdate', 'RECURRENCE-ID:20270413T100000Z', 'DTSTART:20270413T100000Z', 'SUMMARY:Gone', 'STATUS:CANCELLED', 'END:VEVENT'],
].flat();

/** The generated file with the groups above before its end. */
const withExtras = (count: number) => benchCalendar(count).replace('END:VCALENDAR', [...ALONE, 'END:VCALENDAR'].join('\r\n'));

/** The import through ImportsService (the batch road for new events). */
async function importByBatches(t: TestApp, text: string) {
  const upload = { kind: 'body' as const, name: SOURCE, contentType: 'text/calendar', read: async () => Buffer.from(text) };
  return t.app
    .get(ImportsService)
    .create({ caller: await callerOf(t), origin: SITE, credentials: {} }, Object.assign(new ImportCreateArgs(), { status: 'publish' }), upload);
}

/** The same file event by event (EventImporter.write: POST /events' road, one transaction per group), as the import did before batches. */
async function importOneByOne(t: TestApp, text: string) {
  const read = readCalendar(text, zoneOrFallback((await t.app.get(SiteClockService).clock()).timezone));
  const caller = await callerOf(t);
  for (const group of groupEvents(read.events).groups) await t.app.get(EventImporter).write(group, undefined, ORIGIN, caller, SITE);
}

/**
 * Everything an import writes, with IDs replaced by what they name (slugs, titles, term names) and the
 * moment of the write left out: two databases that imported the same file the same way dump the same.
 */
async function dump(t: TestApp) {
  const sql = t.db.sql;
  const posts = await sql.rows<Row>(`SELECT * FROM ${sql.table('posts')} ORDER BY post_type, post_name, ID`);
  const byId = new Map(posts.map((p) => [Number(p.ID), p]));
  const name = (id: unknown) => {
    const post = byId.get(Number(id));
    return post ? `${String(post.post_type)}:${String(post.post_name || post.post_title)}` : `missing:${String(id)}`;
  };
  const meta = await sql.rows<Row>(`SELECT post_id, meta_key, meta_value FROM ${sql.table('postmeta')} ORDER BY post_id, meta_id`);
  const metaOf = new Map<number, string[]>();
  for (const m of meta) {
    const key = String(m.meta_key);
    let value = String(m.meta_value);
    if (ID_META.has(key)) value = name(value);
    if (key === '_tribe_aggregator_updated') value = '(moment)';
    if (key === '_tribe_modified_fields') value = [...value.matchAll(/s:\d+:"([^"]+)"/g)].map((k) => k[1]).join(',');
    metaOf.set(Number(m.post_id), [...(metaOf.get(Number(m.post_id)) ?? []), `${key}=${value}`]);
  }
  const terms = await sql.rows<Row>(
    `SELECT tr.object_id, t.name, tt.taxonomy FROM ${sql.table('term_relationships')} tr
     JOIN ${sql.table('term_taxonomy')} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id JOIN ${sql.table('terms')} t ON t.term_id = tt.term_id`,
  );
  const termsOf = new Map<number, string[]>();
  for (const r of terms) termsOf.set(Number(r.object_id), [...(termsOf.get(Number(r.object_id)) ?? []), `${String(r.taxonomy)}:${String(r.name)}`].sort());
  const tecEvents = await sql.rows<Row>(`SELECT * FROM ${sql.table('tec_events')}`);
  const tecOccurrences = await sql.rows<Row>(`SELECT * FROM ${sql.table('tec_occurrences')}`);
  const tec = (rows: Row[]) =>
    rows
      .map((r) => JSON.stringify({ ...r, post_id: name(r.post_id), event_id: undefined, occurrence_id: undefined, updated_at: undefined, hash: undefined }))
      .sort();
  const counts = await sql.rows<Row>(
    `SELECT t.name, tt.taxonomy, tt.count FROM ${sql.table('term_taxonomy')} tt JOIN ${sql.table('terms')} t ON t.term_id = tt.term_id ORDER BY tt.taxonomy, t.name`,
  );
  const changes = await sql.rows<Row>(`SELECT record_type, record_id, action, public_after, public_before, occurrences FROM ${sql.table('eca_changes')}`);
  const occurrenceCounts = (raw: unknown) =>
    raw ? Object.entries(JSON.parse(String(raw)) as Record<string, number[]>).map(([action, ids]) => `${action}:${ids.map(name).sort().join('|')}`) : [];
  return {
    posts: posts.map((p): Row => ({
      ...Object.fromEntries(Object.entries(p).filter(([column]) => !MOMENT_COLUMNS.has(column))),
      post_parent: Number(p.post_parent) ? name(p.post_parent) : 0,
      meta: metaOf.get(Number(p.ID)) ?? [],
      terms: termsOf.get(Number(p.ID)) ?? [],
    })),
    tecEvents: tec(tecEvents),
    tecOccurrences: tec(tecOccurrences),
    counts,
    changes: changes
      .map((c) =>
        JSON.stringify({
          ...c,
          record_id: POST_RECORDS.has(String(c.record_type)) ? name(c.record_id) : c.record_id,
          occurrences: occurrenceCounts(c.occurrences),
        }),
      )
      .sort(),
  };
}

/** docs/import.md "Speed": new events go in batches of multi-row statements; what they write is what POST /events writes. */
describe('import: the batch road', () => {
  let batches: TestApp;
  let oneByOne: TestApp;
  beforeAll(async () => {
    batches = await startTestApp();
    oneByOne = await startTestApp();
  });
  afterAll(async () => {
    await batches?.close();
    await oneByOne?.close();
  });

  it('writes the rows the per-event road writes: posts, meta, terms and counts, TEC tables, venues, organizers, changes', async () => {
    // More groups than one batch: two batches, series (their occurrences), all-day events, three zones, shared venues and categories.
    const text = withExtras(GROUPS_PER_BATCH + 30);
    const report = await importByBatches(batches, text);
    expect(report.counts).toEqual({ created: GROUPS_PER_BATCH + 34, updated: 0, unchanged: 0, trashed: 0, failed: 0 });
    await importOneByOne(oneByOne, text);
    const [fast, slow] = [await dump(batches), await dump(oneByOne)];
    // The file's 280 events, 28 of them series of 10, 12 venues, 4 organizers; the extras' 2 events and 2 series of 4 and 3 (one left out).
    expect(fast.posts.filter((p) => p.post_type === 'tribe_events')).toHaveLength(GROUPS_PER_BATCH + 30 + 28 * 9 + 2 + 4 + 2);
    const extras = fast.posts.filter((p) => ['Feed', 'Cancelled one', 'Changed occurrence'].includes(String(p.post_title)));
    expect(extras.map((p) => [p.post_title, p.post_name, p.post_status])).toEqual([
      ['Cancelled one', '', 'draft'],
      ['Feed', 'feed-2', 'publish'],
      ['Changed occurrence', 'series-with-a-change-2027-04-12', 'publish'],
    ]);
    expect(fast.posts.filter((p) => p.post_type === 'tribe_venue')).toHaveLength(12);
    expect(fast.posts.filter((p) => p.post_type === 'tribe_organizer')).toHaveLength(4);
    expect(fast.posts).toEqual(slow.posts);
    expect(fast.tecEvents).toEqual(slow.tecEvents);
    expect(fast.tecOccurrences).toEqual(slow.tecOccurrences);
    expect(fast.counts).toEqual(slow.counts);
    expect(fast.changes).toEqual(slow.changes);
  });

  it('the same file again: every event unchanged', async () => {
    const report = await importByBatches(batches, withExtras(GROUPS_PER_BATCH + 30));
    expect(report.counts).toEqual({ created: 0, updated: 0, unchanged: GROUPS_PER_BATCH + 34, trashed: 0, failed: 0 });
  });

  it('a group the planner refuses fails alone, with its line; the groups around it in its batch are written whole', async () => {
    const good = (uid: string, day: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART:${day}T100000Z`,
      `SUMMARY:Around ${uid}`,
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'END:VEVENT',
    ];
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...good('before', '20270301'),
      'BEGIN:VEVENT',
      'UID:too-many',
      'DTSTART:20270301T100000Z',
      'SUMMARY:Too many',
      'RRULE:FREQ=DAILY;COUNT=5000',
      'END:VEVENT',
      ...good('after', '20270302'),
      'END:VCALENDAR',
      '',
    ];
    const response = await batches.http
      .post('/wp-json/eca/v1/imports')
      .set('Authorization', ADMIN)
      .set('Content-Type', 'text/calendar')
      .send(lines.join('\r\n'));
    expect(response.status).toBe(201);
    expect(response.body.counts).toEqual({ created: 2, updated: 0, unchanged: 0, trashed: 0, failed: 1 });
    const failed = response.body.items.find((i: Row) => i.action === 'failed');
    expect(failed).toMatchObject({ uid: 'too-many', line: lines.indexOf('RRULE:FREQ=DAILY;COUNT=5000') + 1 });
    expect(failed.reason).toMatch(/1,000 occurrences/);
    const sql = batches.db.sql;
    const titles = await sql.rows<Row>(
      `SELECT post_title, COUNT(*) AS n FROM ${sql.table('posts')} WHERE post_title IN (?, ?, ?) GROUP BY post_title ORDER BY post_title`,
      ['Around after', 'Around before', 'Too many'],
    );
    expect(titles.map((r) => [r.post_title, Number(r.n)])).toEqual([
      ['Around after', 3],
      ['Around before', 3],
    ]);
  });
});
