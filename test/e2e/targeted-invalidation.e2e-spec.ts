import { ResponseCache } from '../../src/cache/response-cache';
import { Sql } from '../../src/database/sql';
import { changedTextKeys, searchTermKey } from '../../src/events/search-grams';
import { OptionsStore } from '../../src/wordpress/options.store';
import { bumpCacheVersion } from '../support/data-version';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, EVENTS, insertEvent, insertLinked, insertTerm } from './events-test-helpers';

/**
 * Issue #23: a write retires only the cached answers and records that show what it touched
 * (docs/caching.md "What a write retires"): the journal row each write leaves beside the data
 * version names its posts, their types, and the term counts it moved. The TTL is an hour, so only
 * the journal can explain a fresh answer, and only a kept entry an answer that reads nothing.
 */
jest.setTimeout(60_000);

let t: TestApp;
let hallA: number;
let hallB: number;
const ids: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };
const LIST = `${EVENTS}?start_date=2032-01-01&end_date=2032-12-31`;

beforeAll(async () => {
  t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
  hallA = await insertLinked(t, 'tribe_venue', 'Hall A');
  hallB = await insertLinked(t, 'tribe_venue', 'Hall B');
  const [x, y, z] = [
    await insertTerm(t, 'tribe_events_cat', 'Ex'),
    await insertTerm(t, 'tribe_events_cat', 'Why'),
    await insertTerm(t, 'tribe_events_cat', 'Zed'),
  ];
  ids.a = await insertEvent(t, { title: 'A', venue: hallA, categories: [x], start: '2032-03-01 10:00:00' });
  ids.b = await insertEvent(t, { title: 'B', venue: hallB, categories: [x], start: '2032-03-02 10:00:00' });
  ids.c = await insertEvent(t, { title: 'C', venue: hallB, categories: [y], start: '2032-03-03 10:00:00' });
  ids.d = await insertEvent(t, { title: 'D', categories: [z], start: '2032-03-04 10:00:00' });
});
afterAll(() => t.close());

/**
 * An anonymous read, whether the response cache kept its answer (a recomputed answer is stored again:
 * the kept one is not — an answer recomputed from kept records may read nothing else), and the
 * statements it ran.
 */
async function served(path: string): Promise<{ body: Record<string, any>; kept: boolean; statements: string[] }> {
  const reads = jest.spyOn(Sql.prototype, 'rows');
  const stores = jest.spyOn(ResponseCache.prototype, 'store');
  try {
    const { body } = await t.http.get(path).expect(200);
    return { body, kept: stores.mock.calls.length === 0, statements: reads.mock.calls.map(([text]) => text) };
  } finally {
    reads.mockRestore();
    stores.mockRestore();
  }
}

const event = (key: keyof typeof ids) => served(`${EVENTS}/${ids[key]}`);
/** One after the other: `served` tells a kept answer by the statements run while it is served. */
async function keptOf(...keys: (keyof typeof ids)[]): Promise<boolean[]> {
  const kept: boolean[] = [];
  for (const key of keys) kept.push((await event(key)).kept);
  return kept;
}
async function warm(): Promise<void> {
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) await event(key);
  await served(LIST);
  expect(await keptOf('a', 'b', 'c', 'd')).toEqual([true, true, true, true]);
}

it('an update of one event retires its own answer and the event lists that show it, and keeps the other events’ answers', async () => {
  await warm();
  await t.http.post(`${EVENTS}/${ids.a}`).set('Authorization', ADMIN).send({ title: 'A, renamed' }).expect(200);
  const a = await event('a');
  expect([a.kept, a.body.title]).toEqual([false, 'A, renamed']);
  expect(await keptOf('b', 'c', 'd')).toEqual([true, true, true]);
  const list = await served(LIST);
  expect(list.kept).toBe(false);
  expect(list.body.events.map((e: { title: string }) => e.title)).toEqual(['A, renamed', 'B', 'C', 'D']);
});

it('a venue update retires the events that embed it and keeps the others', async () => {
  await warm();
  await t.http.post(`${BASE}/venues/${hallA}`).set('Authorization', ADMIN).send({ venue: 'Hall A, rebuilt' }).expect(200);
  const a = await event('a');
  expect([a.kept, a.body.venue.venue]).toEqual([false, 'Hall A, rebuilt']);
  expect(await keptOf('b', 'c', 'd')).toEqual([true, true, true]);
});

it('moving an event to another category retires that event, and replays the others that show either category’s count with the count put in', async () => {
  await warm();
  const why = (await event('c')).body.categories[0];
  await t.http
    .post(`${EVENTS}/${ids.c}`)
    .set('Authorization', ADMIN)
    .send({ categories: [(await event('a')).body.categories[0].id] })
    .expect(200);
  const [a, b, c, d] = [await event('a'), await event('b'), await event('c'), await event('d')];
  // Counts are put in at replay (docs/caching.md): only the written event is computed again.
  expect([a.kept, b.kept, c.kept, d.kept]).toEqual([true, true, false, true]);
  // The moved count is read once, by the first replay that holds it (A's), and shared by the next.
  const countReads = (statements: string[]) => statements.filter((text) => /SELECT term_taxonomy_id, count FROM/.test(text));
  expect([countReads(a.statements), countReads(b.statements)].map((reads) => reads.length)).toEqual([1, 0]);
  expect(b.statements.filter((text) => /postmeta|term_relationships/.test(text))).toEqual([]);
  // Ex now counts A, B and C; Why none.
  expect([a.body.categories[0].count, b.body.categories[0].count, c.body.categories[0].count]).toEqual([3, 3, 3]);
  expect(why.count).toBe(1);
});

it('a write that cannot name what it touched retires everything: a direct write with the must-use plugin’s bump, a site option', async () => {
  await warm();
  await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_title = ? WHERE ID = ?`, ['D, by WordPress', ids.d]);
  expect((await event('d')).body.title).toBe('D');
  await bumpCacheVersion(t);
  const d = await event('d');
  expect([d.kept, d.body.title]).toEqual([false, 'D, by WordPress']);
  expect(await keptOf('a', 'b', 'c')).toEqual([false, false, false]);

  await warm();
  await t.db.transaction(() => t.app.get(OptionsStore).set('eca_test_option', 'x'));
  expect(await keptOf('a', 'b', 'c', 'd')).toEqual([false, false, false, false]);
});

it('a series write retires every occurrence’s answer (each shows the series’ summary)', async () => {
  const first = await t.http
    .post(EVENTS)
    .set('Authorization', ADMIN)
    .send({ title: 'Weekly', start_date: '2032-05-03 10:00:00', end_date: '2032-05-03 11:00:00', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' } })
    .expect(201);
  const second = (await served(`${EVENTS}?start_date=2032-05-05&end_date=2032-05-12`)).body.events[0];
  const before = await served(`${EVENTS}/${second.id}`);
  expect((await served(`${EVENTS}/${second.id}`)).kept).toBe(true);
  await t.http
    .post(`${EVENTS}/${first.body.id}`)
    .set('Authorization', ADMIN)
    .send({ recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' } })
    .expect(200);
  const after = await served(`${EVENTS}/${second.id}`);
  expect(after.kept).toBe(false);
  expect(after.body.series).not.toEqual(before.body.series);
  expect(await keptOf('d')).toEqual([true]);
});

it('an occurrence changed alone retires the lists it moves in and its series’ answers, and keeps the lists filtered by others', async () => {
  const window = 'start_date=2037-01-01&end_date=2037-12-31';
  const [east, north] = [await insertLinked(t, 'tribe_venue', 'Occ east'), await insertLinked(t, 'tribe_venue', 'Occ north')];
  await t.http
    .post(EVENTS)
    .set('Authorization', ADMIN)
    .send({
      title: 'Occ weekly',
      venue: east,
      start_date: '2037-05-04 10:00:00',
      end_date: '2037-05-04 11:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
    })
    .expect(201);
  await t.http
    .post(EVENTS)
    .set('Authorization', ADMIN)
    .send({ title: 'Occ elsewhere', venue: north, start_date: '2037-02-01 10:00:00', end_date: '2037-02-01 11:00:00' })
    .expect(201);
  const lists = { all: `${EVENTS}?${window}`, east: `${EVENTS}?${window}&venue=${east}`, north: `${EVENTS}?${window}&venue=${north}` };
  const occurrences = (await served(lists.east)).body.events.map((e: { id: number }) => e.id) as number[];
  expect(occurrences).toHaveLength(3);
  const [, middle, last] = occurrences;
  const kept = async () => {
    const found: Record<string, boolean> = {};
    for (const [name, path] of Object.entries(lists)) found[name] = (await served(path)).kept;
    found.sibling = (await served(`${EVENTS}/${middle}`)).kept;
    return found;
  };
  await kept();
  expect(await kept()).toEqual({ all: true, east: true, north: true, sibling: true });
  // The last occurrence alone moves a month on, to another venue: the summary's last start moves with it.
  await t.http
    .post(`${EVENTS}/${last}`)
    .set('Authorization', ADMIN)
    .send({ venue: north, start_date: '2037-06-25 10:00:00', end_date: '2037-06-25 11:00:00' })
    .expect(200);
  expect(await kept()).toEqual({ all: false, east: false, north: false, sibling: false });
  const sibling = await served(`${EVENTS}/${middle}`);
  expect(JSON.stringify(sibling.body.series)).toContain('2037-06-25');
  expect((await served(lists.north)).body.events.map((e: { id: number }) => e.id)).toContain(last);
  // A list of a venue it never had keeps its answer.
  const south = await insertLinked(t, 'tribe_venue', 'Occ south');
  const southList = `${EVENTS}?${window}&venue=${south}`;
  await served(southList);
  await t.http.post(`${EVENTS}/${last}`).set('Authorization', ADMIN).send({ start_date: '2037-06-26 10:00:00', end_date: '2037-06-26 11:00:00' }).expect(200);
  expect((await served(southList)).kept).toBe(true);
  // The other venue's list still holds its siblings, which carry the summary it moved.
  expect((await served(lists.east)).kept).toBe(false);
  // Its texts alone: what shows it is retired, not the lists of its siblings (their summary stays).
  await served(lists.north);
  await t.http.post(`${EVENTS}/${middle}`).set('Authorization', ADMIN).send({ title: 'Occ renamed' }).expect(200);
  expect((await served(lists.north)).kept).toBe(true);
  const renamed = await served(lists.east);
  expect([renamed.kept, renamed.body.events.map((e: { title: string }) => e.title)]).toEqual([false, ['Occ weekly', 'Occ renamed']]);
});

it('venues: an event write keeps a venue’s answer and the venue list, but not a venue list filtered on events; a venue write retires them', async () => {
  const venue = `${BASE}/venues/${hallB}`;
  const [list, withEvents] = [`${BASE}/venues`, `${BASE}/venues?has_events=true`];
  for (const path of [venue, list, withEvents]) await served(path);
  // A write that can change which events exist (not text only: below).
  await t.http.post(`${EVENTS}/${ids.d}`).set('Authorization', ADMIN).send({ featured: true }).expect(200);
  expect([(await served(venue)).kept, (await served(list)).kept, (await served(withEvents)).kept]).toEqual([true, true, false]);
  await t.http.post(venue).set('Authorization', ADMIN).send({ venue: 'Hall B, repainted' }).expect(200);
  const [one, all] = [await served(venue), await served(list)];
  expect([one.kept, one.body.venue, all.kept]).toEqual([false, 'Hall B, repainted', false]);
  expect(all.body.venues.map((v: { venue: string }) => v.venue)).toContain('Hall B, repainted');
});

it('an update of texts only keeps the lists that do not show the event; a search, its list and any other update retire them', async () => {
  const without = `${EVENTS}?start_date=2032-03-02&end_date=2032-12-31`;
  const search = `${EVENTS}?start_date=2032-01-01&end_date=2032-12-31&search=Bee`;
  const venues = `${BASE}/venues?has_events=true`;
  await warm();
  for (const path of [without, search, venues]) await served(path);
  expect((await served(without)).kept).toBe(true);
  await t.http.post(`${EVENTS}/${ids.a}`).set('Authorization', ADMIN).send({ title: 'A, now Bee', description: '<p>New text.</p>', cost: '5' }).expect(200);
  // The lists without A keep their answers (and totals); the one showing A and every search are computed again.
  const [kept, shown, searched] = [await served(without), await served(LIST), await served(search)];
  expect([kept.kept, shown.kept, searched.kept, (await served(venues)).kept]).toEqual([true, false, false, true]);
  expect(shown.body.events[0]).toMatchObject({ title: 'A, now Bee', cost: '$5' });
  expect(searched.body.events.map((e: { id: number }) => e.id)).toEqual([ids.a]);
  expect(await keptOf('b', 'c', 'd')).toEqual([true, true, true]);
  // Anything else — here the dates — may change which events a list holds: every list is retired.
  await served(without);
  await t.http.post(`${EVENTS}/${ids.a}`).set('Authorization', ADMIN).send({ start_date: '2032-03-05 10:00:00', end_date: '2032-03-05 11:00:00' }).expect(200);
  const moved = await served(without);
  expect(moved.kept).toBe(false);
  expect(moved.body.events.map((e: { id: number }) => e.id)).toContain(ids.a);
});

it('an event write retires the lists filtered by a venue, organizer or term the event had or has, and keeps the lists filtered by others', async () => {
  const window = 'start_date=2033-01-01&end_date=2033-12-31';
  const [north, south, west] = [
    await insertLinked(t, 'tribe_venue', 'North'),
    await insertLinked(t, 'tribe_venue', 'South'),
    await insertLinked(t, 'tribe_venue', 'West'),
  ];
  const [jazz, folk, opera] = [
    await insertTerm(t, 'tribe_events_cat', 'Jazz'),
    await insertTerm(t, 'tribe_events_cat', 'Folk'),
    await insertTerm(t, 'tribe_events_cat', 'Opera'),
  ];
  const create = async (title: string, venue: number, category: number, day: string) =>
    (
      await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ title, venue, categories: [category], start_date: `2033-${day} 10:00:00`, end_date: `2033-${day} 11:00:00` })
        .expect(201)
    ).body.id as number;
  const moving = await create('Moving', north, jazz.term_id, '02-01');
  const other = await create('Other', west, opera.term_id, '02-02');
  const lists = {
    all: `${EVENTS}?${window}`,
    north: `${EVENTS}?${window}&venue=${north}`,
    south: `${EVENTS}?${window}&venue=${south}`,
    west: `${EVENTS}?${window}&venue=${west}`,
    jazz: `${EVENTS}?${window}&categories=${jazz.term_id}`,
    folk: `${EVENTS}?${window}&categories=${folk.term_id}`,
    opera: `${EVENTS}?${window}&categories=${opera.term_id}`,
    // Filtered twice: the narrower filter (one venue) bounds it.
    westOpera: `${EVENTS}?${window}&venue=${west}&categories=${opera.term_id}`,
  };
  const kept = async () => {
    const found: Record<string, boolean> = {};
    for (const [name, path] of Object.entries(lists)) found[name] = (await served(path)).kept;
    return found;
  };
  const titles = async (path: string) => (await served(path)).body.events?.map((e: { title: string }) => e.title) ?? [];
  await kept();
  expect(Object.values(await kept()).every(Boolean)).toBe(true);

  // Moved from North and Jazz to South and Folk, on another day.
  await t.http
    .post(`${EVENTS}/${moving}`)
    .set('Authorization', ADMIN)
    .send({ venue: south, categories: [folk.term_id], start_date: '2033-03-01 10:00:00', end_date: '2033-03-01 11:00:00' })
    .expect(200);
  expect(await kept()).toEqual({ all: false, north: false, south: false, west: true, jazz: false, folk: false, opera: true, westOpera: true });
  expect([await titles(lists.north), await titles(lists.south), await titles(lists.folk), await titles(lists.all)]).toEqual([
    [],
    ['Moving'],
    ['Moving'],
    ['Other', 'Moving'],
  ]);

  // A new event: the lists of what it has, and the unfiltered ones.
  await create('New', south, jazz.term_id, '04-01');
  expect(await kept()).toEqual({ all: false, north: true, south: false, west: true, jazz: false, folk: true, opera: true, westOpera: true });
  expect(await titles(lists.south)).toEqual(['Moving', 'New']);

  // A series write: the unfiltered lists and those of what its events had and have (West, Opera), not the others.
  await t.http
    .post(`${EVENTS}/${other}`)
    .set('Authorization', ADMIN)
    .send({ recurrence: { rrule: 'FREQ=DAILY;COUNT=2' } })
    .expect(200);
  expect(await kept()).toEqual({ all: false, north: true, south: true, west: false, jazz: true, folk: true, opera: false, westOpera: false });
  expect(await titles(lists.westOpera)).toEqual(['Other', 'Other']);

  // The whole series moved to North: North's lists now, West's and Opera's still (what it had).
  await t.http.post(`${EVENTS}/${other}`).set('Authorization', ADMIN).send({ venue: north }).expect(200);
  expect(await kept()).toEqual({ all: false, north: false, south: true, west: false, jazz: true, folk: true, opera: false, westOpera: false });
  expect([await titles(lists.north), await titles(lists.west)]).toEqual([['Other', 'Other'], []]);

  // A write that cannot say which lists it changes (WordPress's, through the must-use plugin's bump) retires every one.
  await bumpCacheVersion(t);
  expect(Object.values(await kept()).some(Boolean)).toBe(false);
});

it('an event moved in time retires only the unfiltered lists whose window bounds or page lie in the months it moved across', async () => {
  // The window's bounds lie in December 2033 and December 2034: a move within 2034 leaves them.
  const window = 'start_date=2033-12-15&end_date=2034-12-31';
  const create = async (title: string, day: string) =>
    (
      await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ title, start_date: `2034-${day} 10:00:00`, end_date: `2034-${day} 11:00:00` })
        .expect(201)
    ).body.id as number;
  const move = (id: number, date: string, more: Record<string, unknown> = {}) =>
    t.http
      .post(`${EVENTS}/${id}`)
      .set('Authorization', ADMIN)
      .send({ start_date: `${date} 10:00:00`, end_date: `${date} 11:00:00`, ...more })
      .expect(200);
  const [jan, feb, jun, sep] = [await create('Jan', '01-10'), await create('Feb', '02-10'), await create('Jun', '06-10'), await create('Sep', '09-10')];
  await create('Mar', '03-10');
  await create('Nov', '11-10');
  const lists = {
    page1: `${EVENTS}?${window}&per_page=2&page=1`,
    page2: `${EVENTS}?${window}&per_page=2&page=2`,
    page3: `${EVENTS}?${window}&per_page=2&page=3`,
    late: `${EVENTS}?start_date=2034-08-01&end_date=2034-12-31`,
    search: `${EVENTS}?${window}&search=Jun`,
  };
  const read = async (leaving?: keyof typeof lists) => {
    const found: Record<string, { kept: boolean; titles: string[]; total: number }> = {};
    for (const [name, path] of Object.entries(lists).filter(([name]) => name !== leaving)) {
      const { kept, body } = await served(path);
      found[name] = { kept, titles: body.events.map((e: { title: string }) => e.title), total: body.total };
    }
    return found;
  };
  const kept = (found: Awaited<ReturnType<typeof read>>) => Object.fromEntries(Object.entries(found).map(([name, list]) => [name, list.kept]));
  const titles = (found: Awaited<ReturnType<typeof read>>) => Object.fromEntries(Object.entries(found).map(([name, list]) => [name, list.titles]));
  await read();
  expect(Object.values(kept(await read())).every(Boolean)).toBe(true);

  // Within September: only the lists whose page is in September.
  await move(sep, '2034-09-20');
  let found = await read();
  expect(kept(found)).toEqual({ page1: true, page2: true, page3: false, late: false, search: true });
  // From June to April: the page that runs from March to June.
  await move(jun, '2034-04-10');
  found = await read();
  expect(kept(found)).toEqual({ page1: true, page2: false, page3: true, late: true, search: false });
  // From January to July, past the first two pages and still before the third (the search's page, in
  // April, is retired too: which events a search holds is not told by months).
  await move(jan, '2034-07-10');
  found = await read();
  expect(kept(found)).toEqual({ page1: false, page2: false, page3: true, late: true, search: false });
  expect(titles(found)).toEqual({ page1: ['Feb', 'Mar'], page2: ['Jun', 'Jan'], page3: ['Sep', 'Nov'], late: ['Sep', 'Nov'], search: ['Jun'] });
  // Out of the window, across its end: every list of that window counts one fewer (the search's too).
  await move(sep, '2035-01-05');
  found = await read();
  expect(kept(found)).toEqual({ page1: false, page2: false, page3: false, late: false, search: false });
  expect([found.page1.total, found.page3.titles, found.late.total]).toEqual([5, ['Nov'], 1]);
  // A new title with the move: the searches too, wherever their pages lie.
  await move(jun, '2034-04-11', { title: 'Jun, renamed' });
  expect(kept(await read())).toEqual({ page1: true, page2: false, page3: true, late: true, search: false });
  // Anything else the lists select by (here the status): every unfiltered list, whatever the months.
  await t.http.post(`${EVENTS}/${feb}`).set('Authorization', ADMIN).send({ status: 'draft' }).expect(200);
  found = await read('page3');
  expect(kept(found)).toEqual({ page1: false, page2: false, late: false, search: false });
  expect(titles(found)).toMatchObject({ page1: ['Mar', 'Jun, renamed'], page2: ['Jan', 'Nov'] });
  await t.http.get(lists.page3).expect(404);
});

it('a trash or a deletion of an event in no series retires the unfiltered lists and those of what it had, and keeps the others', async () => {
  const window = 'start_date=2036-01-01&end_date=2036-12-31';
  const [east, north] = [await insertLinked(t, 'tribe_venue', 'East'), await insertLinked(t, 'tribe_venue', 'Nord')];
  const create = async (title: string, venue: number, day: string) =>
    (
      await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ title, venue, start_date: `2036-${day} 10:00:00`, end_date: `2036-${day} 11:00:00` })
        .expect(201)
    ).body.id as number;
  const [binned, deleted] = [await create('Binned', east, '02-01'), await create('Deleted', east, '02-02')];
  await create('Stays', north, '02-03');
  const lists = { all: `${EVENTS}?${window}`, east: `${EVENTS}?${window}&venue=${east}`, north: `${EVENTS}?${window}&venue=${north}` };
  const kept = async () => {
    const found: Record<string, boolean> = {};
    for (const [name, path] of Object.entries(lists)) found[name] = (await served(path)).kept;
    return found;
  };
  const titles = async (path: string) => (await served(path)).body.events.map((e: { title: string }) => e.title);
  await kept();
  expect(await kept()).toEqual({ all: true, east: true, north: true });
  await t.http.delete(`${EVENTS}/${binned}`).set('Authorization', ADMIN).expect(200);
  expect(await kept()).toEqual({ all: false, east: false, north: true });
  expect([await titles(lists.all), await titles(lists.east)]).toEqual([['Deleted', 'Stays'], ['Deleted']]);
  await t.http.delete(`${EVENTS}/${deleted}?force=true`).set('Authorization', ADMIN).expect(200);
  expect(await kept()).toEqual({ all: false, east: false, north: true });
  expect([await titles(lists.all), await titles(lists.east), await titles(lists.north)]).toEqual([['Stays'], [], ['Stays']]);
});

it('an update of an event’s title and dates retires the searches its old or new title can match, and keeps the others', async () => {
  const written = async (body: object, path = EVENTS) =>
    (
      await t.http
        .post(path)
        .set('Authorization', ADMIN)
        .send(body)
        .expect((res) => res.status < 300)
    ).body.id;
  const id = await written({ title: 'E, to be moved', start_date: '2032-03-06 10:00:00', end_date: '2032-03-06 11:00:00' });
  const search = (words: string) => served(`${LIST}&search=${encodeURIComponent(words)}`);
  // A word whose run's bucket the titles' runs do not fill (a bucket they share would retire it too).
  const named = changedTextKeys(['E, to be moved', 'E, moved'])!;
  const unrelated = ['quietly', 'renamed', 'zebra', 'harbour'].filter((word) => !named.includes(searchTermKey(word)));
  const searches = ['moved', unrelated[0], unrelated[1], 'zz'];
  for (const words of searches) await search(words);
  expect((await Promise.all(searches.map(search))).map((answer) => answer.kept)).toEqual([true, true, true, true]);
  await written({ title: 'E, moved', start_date: '2032-03-05 10:00:00', end_date: '2032-03-05 11:00:00' }, `${EVENTS}/${id}`);
  const [moved, quietly, other, short] = [await search('moved'), await search(unrelated[0]), await search(unrelated[1]), await search('zz')];
  // `moved` is in the old and new titles; a term shorter than three letters cannot tell; the others keep their answers.
  expect([moved.kept, quietly.kept, other.kept, short.kept]).toEqual([false, true, true, false]);
  expect(moved.body.events.map((e: { title: string }) => e.title)).toEqual(['E, moved']);
});
