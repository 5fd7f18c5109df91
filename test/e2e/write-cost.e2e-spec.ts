import { SqlParam, transactionScope } from '../../src/database/sql';
import { recordStatements } from '../support/statements-seen';
import { KnownRange } from '../../src/events/repository/known-range';
import { phpUnserialize } from '../../src/wordpress/php-serialization';
import { OptionsStore } from '../../src/wordpress/options.store';
import { TermRow } from '../../src/wordpress/terms.store';
import { ENGINE } from '../support/test-database';
import { ADMIN, startTestApp, TestApp } from '../support/test-app';
import { insertEvent, insertTerm } from './events-test-helpers';
import { createEvent, EVENTS } from './events-write-helpers';

// Issue #19: the cost of an event write is flat in the table's size. The statements of a write are
// counted through the Sql seam (those issued inside its transaction); none may aggregate over all
// events or over all of a term's relationships (term counts move by delta, the known range is
// compared with the written event's dates), and on MariaDB the plan of each one reads a handful of
// rows however many events share the table and its terms.
jest.setTimeout(180_000);

interface Statement {
  text: string;
  params: SqlParam[];
}

let t: TestApp;
let category: TermRow;
let tag: TermRow;
let otherCategory: TermRow;
let otherTag: TermRow;
let venue: number;
let organizer: number;

beforeAll(async () => {
  t = await startTestApp();
  // The plugin's option array exists, so the known range is kept (storage.md §11).
  await t.app.get(OptionsStore).set('tribe_events_calendar_options', { schema_version: '6.0' });
  category = await insertTerm(t, 'tribe_events_cat', 'Shared category');
  otherCategory = await insertTerm(t, 'tribe_events_cat', 'Second category');
  tag = await insertTerm(t, 'post_tag', 'Shared tag');
  otherTag = await insertTerm(t, 'post_tag', 'Second tag');
  const first = await createEvent(t, {
    title: 'First',
    venue: { venue: 'Hall' },
    organizer: [{ organizer: 'Org' }],
    categories: [category.term_id],
    tags: [tag.term_id],
  });
  venue = first.venue.id;
  organizer = first.organizer[0].id;
});
afterAll(() => t.close());

/** Every event shares the first category and tag, so their relationships grow with the table. */
async function fillTo(events: number): Promise<void> {
  const row = await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('posts')} WHERE post_type = 'tribe_events'`);
  for (let i = Number(row!.n); i < events; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    await insertEvent(t, { title: `Filler ${i}`, start: `2029-02-${day} 10:00:00`, end: `2029-02-${day} 11:00:00`, categories: [category], tags: [tag] });
  }
}

/** The statements issued inside write transactions while `work` runs (`outside`: those issued outside them). */
async function statementsOf(work: () => Promise<unknown>, { outside = false } = {}): Promise<Statement[]> {
  const seen: Statement[] = [];
  const record = (text: string, params: SqlParam[] = []) => {
    if (Boolean(transactionScope.getStore()) !== outside) seen.push({ text: text.replace(/\s+/g, ' ').trim(), params });
  };
  const stop = recordStatements(record);
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

const body = (title: string) => ({
  title,
  start_date: '2029-02-10 09:00:00',
  end_date: '2029-02-10 17:00:00',
  venue,
  organizer: [organizer],
  categories: [category.term_id, otherCategory.term_id],
  tags: [tag.term_id, otherTag.term_id],
  cost: '10',
});

/** Statements that aggregate rows (a count, an earliest or latest value). */
const aggregates = (statements: Statement[]) => statements.filter((s) => /\b(COUNT|MIN|MAX)\s*\(/i.test(s.text)).map((s) => s.text);

/** MariaDB's row estimate for each plan step of the statement (SELECT, UPDATE, DELETE). */
async function estimatedRows(statement: Statement): Promise<number[]> {
  const plan = await t.db.sql.rows<{ rows: number | null }>(`EXPLAIN ${statement.text}`, statement.params);
  return plan.map((step) => Number(step.rows ?? 0));
}

/** The stored known range next to the one computed over every published event's meta. */
async function knownRange(): Promise<{ stored: Record<string, unknown>; computed: Record<string, unknown> }> {
  const sql = t.db.sql;
  const raw = await sql.one<{ option_value: string }>(`SELECT option_value FROM ${sql.table('options')} WHERE option_name = 'tribe_events_calendar_options'`);
  const stored = phpUnserialize<Record<string, unknown>>(raw!.option_value)!;
  const bound = async (key: string, fn: 'MIN' | 'MAX') => {
    const from = `FROM ${sql.table('postmeta')} m JOIN ${sql.table('posts')} p ON p.ID = m.post_id
      WHERE p.post_type = 'tribe_events' AND p.post_status = 'publish' AND m.meta_key = ?`;
    const value = (await sql.one<{ v: string }>(`SELECT ${fn}(m.meta_value) AS v ${from}`, [key]))!.v;
    const ids = await sql.rows<{ ID: number }>(`SELECT DISTINCT p.ID ${from} AND m.meta_value = ? ORDER BY p.ID`, [key, value]);
    return { value, markers: ids.map((r) => Number(r.ID)) };
  };
  const earliest = await bound('_EventStartDate', 'MIN');
  const latest = await bound('_EventEndDate', 'MAX');
  return {
    stored: {
      earliest_date: stored.earliest_date,
      earliest_date_markers: stored.earliest_date_markers,
      latest_date: stored.latest_date,
      latest_date_markers: stored.latest_date_markers,
    },
    computed: { earliest_date: earliest.value, earliest_date_markers: earliest.markers, latest_date: latest.value, latest_date_markers: latest.markers },
  };
}

/** The journal rows of the data version (docs/caching.md), by counter and value. */
async function journalRows(): Promise<Map<string, string>> {
  const rows = await t.db.sql.rows<{ shard: number; value: number; cache_keys: string }>(
    `SELECT shard, value, cache_keys FROM ${t.db.sql.table('eca_cache_journal')}`,
  );
  return new Map(rows.map((r) => [`${r.shard}:${r.value}`, r.cache_keys]));
}

/** Every term's stored count next to a recount of its published events. */
async function termCounts(): Promise<{ stored: number; recount: number }[]> {
  const sql = t.db.sql;
  return (
    await sql.rows<{ stored: number; recount: number }>(
      `SELECT tt.count AS stored, (SELECT COUNT(*) FROM ${sql.table('term_relationships')} tr JOIN ${sql.table('posts')} p ON p.ID = tr.object_id
         WHERE tr.term_taxonomy_id = tt.term_taxonomy_id AND p.post_status = 'publish') AS recount
       FROM ${sql.table('term_taxonomy')} tt`,
    )
  ).map((r) => ({ stored: Number(r.stored), recount: Number(r.recount) }));
}

describe('write cost is flat in the number of events', () => {
  it('a create issues the same statements with 5 or 500 events, none aggregating over events or a term’s relationships', async () => {
    await fillTo(5);
    const small = await statementsOf(() => createEvent(t, body('Small table')));
    await fillTo(500);
    const large = await statementsOf(() => createEvent(t, body('Large table')));

    expect(large.map((s) => s.text)).toEqual(small.map((s) => s.text));
    expect(aggregates(large)).toEqual([]);
    // One multi-row INSERT for the event's meta rows; no read of a meta key before its write.
    expect(large.filter((s) => /^INSERT INTO \S*postmeta/.test(s.text))).toHaveLength(1);
    expect(large.filter((s) => /FROM \S*postmeta\W.*meta_key = \?/.test(s.text))).toEqual([]);
    // Site settings come from the request's one read, not again inside the transaction.
    expect(large.filter((s) => /FROM \S*options\W.*option_name IN/.test(s.text))).toEqual([]);
    // Nothing the write itself tells is asked: no lookup of the TEC tables, no read of TEC rows a new post
    // cannot have yet, the guid (a published post's pretty permalink) in the INSERT itself.
    expect(large.filter((s) => /information_schema|sqlite_master|FROM \S*tec_(events|occurrences)\W/.test(s.text)).map((s) => s.text)).toEqual([]);
    expect(large.filter((s) => /^UPDATE \S*posts\W.*\bguid\b/.test(s.text)).map((s) => s.text)).toEqual([]);
    // The answer embeds its venue and organizer side by side: their rows in one statement, their meta in one.
    const linked = (from: string) =>
      large.filter((s) => new RegExp(`FROM \\S*${from}\\W.*IN \\(\\?, \\?\\)`).test(s.text) && s.params.includes(venue) && s.params.includes(organizer));
    expect([linked('posts').length, linked('postmeta').length]).toEqual([1, 1]);
    // The slug's holders are read once, under its lock; the known range is read once, under its lock.
    expect(large.filter((s) => /FROM \S*posts\W.*post_name = \?/.test(s.text))).toHaveLength(1);
    expect(large.filter((s) => /FROM \S*options\W.*option_name = \?/.test(s.text))).toHaveLength(1);
    // The terms the write resolved (read in its transaction) are not read again to be checked.
    expect(large.filter((s) => /^SELECT term_taxonomy_id\b.* FROM \S*term_taxonomy\W/.test(s.text)).map((s) => s.text)).toEqual([]);
    // Categories and tags are one write (issue #32): the terms both name read in one statement, their
    // relationships added in one, their counts moved in one.
    const named = large.filter((s) => /tt\.taxonomy = \? AND \(t\.term_id IN/.test(s.text));
    expect(named.map((s) => [s.params.includes('tribe_events_cat'), s.params.includes('post_tag')])).toEqual([[true, true]]);
    expect(large.filter((s) => /^INSERT INTO \S*term_relationships\W/.test(s.text)).map((s) => s.params.length)).toEqual([8]);
    expect(large.filter((s) => /^UPDATE \S*term_taxonomy\W/.test(s.text))).toHaveLength(1);
    if (ENGINE === 'mysql') {
      // Statistics as fresh as a burst of inserts leaves them (InnoDB recalculates them in the background
      // after a tenth of a table changed): the plans must hold with them, not only with the stale ones.
      for (const table of ['posts', 'postmeta', 'term_relationships']) await t.db.sql.rows(`ANALYZE TABLE ${t.db.sql.table(table)}`);
      const planned = large.filter((s) => /^(SELECT|UPDATE|DELETE)\b/.test(s.text) && !/GET_LOCK|information_schema/.test(s.text));
      const estimates = [];
      for (const statement of planned) estimates.push({ statement: statement.text, rows: Math.max(...(await estimatedRows(statement))) });
      expect(estimates.filter((e) => e.rows > 60)).toEqual([]);
    }
    const counts = await termCounts();
    expect(counts.map((c) => c.stored)).toEqual(counts.map((c) => c.recount));
  });

  it('a create reads the venue and organizers it names by ID in one statement before its transaction (issue #32)', async () => {
    const before = await statementsOf(() => createEvent(t, body('Named records')), { outside: true });
    const byId = before.filter((s) => /FROM \S*posts\W/.test(s.text) && (s.params.includes(venue) || s.params.includes(organizer)));
    expect(byId.map((s) => [s.params.includes(venue), s.params.includes(organizer)])).toEqual([[true, true]]);
  });

  it('an update writes its meta in one DELETE, one UPDATE and one INSERT at most, leaving the rows one statement per key would (issue #32)', async () => {
    const event = await createEvent(t, body('Moved'));
    const moved = { ...body('Moved'), start_date: '2029-02-12 10:00:00', end_date: '2029-02-12 18:30:00', cost: '12', organizer: [] };
    const statements = await statementsOf(() => t.http.put(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).send(moved).expect(200));
    const metaWrites = statements.filter((s) => /^(UPDATE|DELETE FROM|INSERT INTO) \S*postmeta\W/.test(s.text)).map((s) => s.text.split(' ')[0]);
    expect(metaWrites.sort()).toEqual(['DELETE', 'INSERT', 'UPDATE']);
    // Its TEC rows are looked up in one statement; its terms' relationships are read once, to be
    // replaced, and not again to recount a status that did not change (issue #32).
    expect(statements.filter((s) => /^SELECT\b.*FROM \S*tec_(events|occurrences)\W/.test(s.text))).toHaveLength(1);
    expect(statements.filter((s) => /^SELECT tr\.term_taxonomy_id\b.*FROM \S*term_relationships\W/.test(s.text))).toHaveLength(1);
    const rows = await t.db.sql.rows<{ meta_key: string; meta_value: string }>(
      `SELECT meta_key, meta_value FROM ${t.db.sql.table('postmeta')} WHERE post_id = ? ORDER BY meta_id`,
      [event.id],
    );
    const meta = (key: string) => rows.filter((r) => r.meta_key === key).map((r) => r.meta_value);
    expect(meta('_EventStartDate')).toEqual(['2029-02-12 10:00:00']);
    expect(meta('_EventEndDate')).toEqual(['2029-02-12 18:30:00']);
    expect(meta('_EventDuration')).toEqual([String(8.5 * 3600)]);
    expect(meta('_EventCost')).toEqual(['12']);
    expect(meta('_EventOrganizerID')).toEqual([]);
    expect(meta('_EventVenueID')).toEqual([String(venue)]);
    // The tracker names what changed, once per key.
    const tracked = phpUnserialize<Record<string, number>>(meta('_tribe_modified_fields')[0])!;
    expect(Object.keys(tracked)).toEqual(expect.arrayContaining(['_EventStartDate', '_EventEndDate', '_EventCost', '_EventOrganizerID']));
  });

  it('keeps the known range and the term counts by difference through moves, unpublishing, the trash and deletion', async () => {
    await fillTo(500);
    const early = await createEvent(t, { ...body('Earliest'), start_date: '2026-06-01 08:00:00', end_date: '2026-06-01 09:00:00' });
    const journalBefore = await journalRows();
    const late = await createEvent(t, { ...body('Latest'), start_date: '2031-06-01 08:00:00', end_date: '2031-06-01 09:00:00' });
    // The range is shown by no answer: moving it retires the options' memo, not everything (issue #32).
    const journaled = [...(await journalRows())].filter(([row]) => !journalBefore.has(row)).flatMap(([, keys]) => keys.split(' '));
    expect(journaled).toContain('options');
    expect(journaled).not.toContain('*');
    const twin = await createEvent(t, { ...body('Twin'), start_date: '2026-06-01 08:00:00', end_date: '2026-06-01 08:30:00' });
    expect((await knownRange()).stored).toEqual({
      earliest_date: '2026-06-01 08:00:00',
      earliest_date_markers: [early.id, twin.id],
      latest_date: '2031-06-01 09:00:00',
      latest_date_markers: [late.id],
    });

    const steps: [string, () => Promise<unknown>][] = [
      [
        'a marker of two leaves',
        () =>
          t.http
            .patch(`${EVENTS}/${twin.id}`)
            .set('Authorization', ADMIN)
            .send({ start_date: '2029-03-01 08:00:00', end_date: '2029-03-01 09:00:00' })
            .expect(200),
      ],
      ['the last marker is unpublished', () => t.http.patch(`${EVENTS}/${early.id}`).set('Authorization', ADMIN).send({ status: 'draft' }).expect(200)],
      ['it is published again', () => t.http.patch(`${EVENTS}/${early.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200)],
      [
        'the latest moves inwards',
        () =>
          t.http
            .patch(`${EVENTS}/${late.id}`)
            .set('Authorization', ADMIN)
            .send({ end_date: '2029-04-01 09:00:00', start_date: '2029-04-01 08:00:00' })
            .expect(200),
      ],
      ['the earliest is trashed', () => t.http.delete(`${EVENTS}/${early.id}`).set('Authorization', ADMIN).expect(200)],
      [
        'terms change with the status',
        () =>
          t.http
            .patch(`${EVENTS}/${twin.id}`)
            .set('Authorization', ADMIN)
            .send({ status: 'draft', categories: [otherCategory.term_id], tags: [] })
            .expect(200),
      ],
      [
        // Another writer (another instance, WordPress) moved the range since this instance last read it:
        // its guess says the write leaves the range as it is, the array read under the lock says otherwise.
        'a new earliest under a stale guess',
        () => {
          const range = t.app.get(KnownRange) as unknown as { lastRead?: Record<string, unknown> };
          range.lastRead = { ...range.lastRead, earliest_date: '1999-01-01 00:00:00', earliest_date_markers: [999_999] };
          return createEvent(t, { ...body('Earlier still'), start_date: '2026-05-01 08:00:00', end_date: '2026-05-01 09:00:00' });
        },
      ],
      // Issue #18: deleting for good (a published event holding a bound, then one already trashed).
      ['the latest is deleted for good', () => t.http.delete(`${EVENTS}/${late.id}?force=true`).set('Authorization', ADMIN).expect(200)],
      ['a trashed event is deleted for good', () => t.http.delete(`${EVENTS}/${early.id}?force=true`).set('Authorization', ADMIN).expect(200)],
    ];
    for (const [step, write] of steps) {
      const statements = await statementsOf(write);
      const { stored, computed } = await knownRange();
      expect({ step, range: stored }).toEqual({ step, range: computed });
      const counts = await termCounts();
      expect({ step, counts: counts.map((c) => c.stored) }).toEqual({ step, counts: counts.map((c) => c.recount) });
      // No write recounts a term over its relationships.
      expect({ step, counts: statements.filter((s) => /COUNT\s*\(/i.test(s.text)).length }).toEqual({ step, counts: 0 });
    }
  });
});
