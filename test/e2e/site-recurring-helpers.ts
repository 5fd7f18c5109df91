import { expandRecurrence, parseRecurrence, RECURRENCE_META_KEY, RecurrenceInput, serializeRecurrence } from '../../src/recurrence';
import { EXCEPTION_META_KEY } from '../../src/events/series/occurrence-rows';
import { PostsStore } from '../../src/wordpress/posts.store';
import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, BASE, TestApp } from '../support/test-app';
import { created } from './site-test-helpers';

type Json = Record<string, any>;

/**
 * A series stored as docs/recurring-events.md says (the contract with the events' write road): each
 * occurrence a `tribe_events` post, the later ones with `post_parent` = the first, which holds the rule
 * in `_EventRecurrenceRRULE`. When `POST /events` understands `recurrence` (its answer has `series`) the
 * API writes it; until then the first event is created through the API with the rule, the others
 * through the API with the dates the rule gives, and they are linked as the write road links them.
 */
export async function createdSeries(t: TestApp, event: Json, recurrence: RecurrenceInput): Promise<Json> {
  const first = await created(t, 'events', { ...event, recurrence });
  if (first.series) return first;
  const rule = parseRecurrence(recurrence, { start: first.start_date, end: first.end_date, timezone: first.timezone, allDay: first.all_day });
  if (!rule.ok) throw new Error(JSON.stringify(rule.problems));
  const expansion = expandRecurrence(rule.value, Date.now());
  if (!expansion.ok) throw new Error(JSON.stringify(expansion.problems));
  const ids: number[] = [];
  for (const o of expansion.value.occurrences.filter((o) => o.start !== first.start_date)) {
    const body = { ...event, start_date: o.start, end_date: o.end, slug: `${first.slug}-${o.start.slice(0, 10)}` };
    ids.push((await created(t, 'events', body)).id);
  }
  const sql = t.db.sql;
  if (ids.length) await sql.run(`UPDATE ${sql.table('posts')} SET post_parent = ? WHERE ID IN (${ids.map(() => '?').join(',')})`, [first.id, ...ids]);
  await sql.run(`INSERT INTO ${sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES (?, ?, ?)`, [
    first.id,
    RECURRENCE_META_KEY,
    serializeRecurrence(rule.value),
  ]);
  await bumpCacheVersion(t);
  return first;
}

/** Changes one occurrence only (an exception, kept through rule changes): its fields through the API, flagged as the write road flags it. */
export async function changedOccurrence(t: TestApp, id: number, changes: Json): Promise<Json> {
  const res = await t.http.post(`${BASE}/events/${id}`).set('Authorization', ADMIN).send(changes).expect(200);
  const meta = await t.app.get(PostsStore).metaOf(id, [EXCEPTION_META_KEY]);
  if (!meta.has(EXCEPTION_META_KEY)) {
    const sql = t.db.sql;
    await sql.run(`INSERT INTO ${sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES (?, ?, '1')`, [id, EXCEPTION_META_KEY]);
    await bumpCacheVersion(t);
  }
  return res.body;
}

/** Every event of the API's list in a window (all pages), as an anonymous reader sees them. */
export async function listedIn(t: TestApp, start: string, end: string, extra: Json = {}): Promise<Json[]> {
  const events: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await t.http.get(`${BASE}/events`).query({ start_date: start, end_date: end, per_page: 50, page, ...extra });
    if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
    events.push(...res.body.events);
    if (page >= Number(res.headers['x-wp-totalpages'])) return events;
  }
}
