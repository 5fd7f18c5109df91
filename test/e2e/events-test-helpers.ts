import { EventDateMeta } from '../../src/dates';
import { TecTables } from '../../src/events/repository/tec-tables';
import { OptionsStore } from '../../src/wordpress/options.store';
import { PostsStore } from '../../src/wordpress/posts.store';
import { TermRow, TermsStore } from '../../src/wordpress/terms.store';
import { bumpCacheVersion } from '../support/data-version';
import { BASE, SITE, TestApp } from '../support/test-app';

/** Helpers of the event read suites: events are inserted as WordPress + TEC store them. */
export { ADMIN, BASE, Login, SITE, userWithRole } from '../support/test-app';
export const EVENTS = `${BASE}/events`;

export interface EventSeed {
  title?: string;
  content?: string;
  excerpt?: string;
  status?: string;
  author?: number;
  slug?: string;
  password?: string;
  postDate?: string;
  postParent?: number;
  sticky?: boolean;
  /** Local start / end wall times (UTC site: the UTC values are the same unless `utc*` are given). */
  start?: string;
  end?: string;
  utcStart?: string;
  utcEnd?: string;
  timezone?: string;
  timezoneAbbr?: string;
  allDay?: boolean;
  venue?: number;
  organizers?: number[];
  categories?: TermRow[];
  tags?: TermRow[];
  featured?: boolean;
  hidden?: boolean;
  cost?: string[];
  currencySymbol?: string;
  currencyPosition?: string;
  website?: string;
  /** Extra meta rows. */
  meta?: [string, string][];
}

/** Inserts one event through PostsStore / TermsStore in a transaction; returns its ID. */
export async function insertEvent(t: TestApp, seed: EventSeed = {}): Promise<number> {
  const posts = t.app.get(PostsStore);
  const terms = t.app.get(TermsStore);
  return t.db.transaction(async () => {
    const status = seed.status ?? 'publish';
    const postDate = seed.postDate ?? '2026-01-01 10:00:00';
    const title = seed.title ?? 'Event';
    const id = await posts.insert({
      post_type: 'tribe_events',
      post_status: status,
      post_author: seed.author ?? 1,
      post_title: title,
      post_content: seed.content ?? '',
      post_excerpt: seed.excerpt ?? '',
      post_name: seed.slug ?? '',
      post_password: seed.password ?? '',
      post_parent: seed.postParent ?? 0,
      menu_order: seed.sticky ? -1 : 0,
      post_date: postDate,
      post_date_gmt: postDate,
      post_modified: postDate,
      post_modified_gmt: postDate,
      guid: (n) => `${SITE}/?post_type=tribe_events&p=${n}`,
    });
    const start = seed.start ?? '2030-01-01 10:00:00';
    const end = seed.end ?? start;
    const rows: [string, string][] = [
      ['_EventOrigin', 'events-calendar'],
      ['_EventShowMap', '1'],
      ['_EventShowMapLink', '1'],
      ['_EventStartDate', start],
      ['_EventEndDate', end],
      ['_EventStartDateUTC', seed.utcStart ?? start],
      ['_EventEndDateUTC', seed.utcEnd ?? end],
      ['_EventTimezone', seed.timezone ?? 'UTC'],
      ['_EventTimezoneAbbr', seed.timezoneAbbr ?? 'UTC'],
    ];
    if (seed.allDay) rows.push(['_EventAllDay', '1']);
    if (seed.venue !== undefined) rows.push(['_EventVenueID', String(seed.venue)]);
    for (const organizer of seed.organizers ?? []) rows.push(['_EventOrganizerID', String(organizer)]);
    if (seed.featured) rows.push(['_tribe_featured', '1']);
    if (seed.hidden) rows.push(['_EventHideFromUpcoming', 'yes']);
    for (const cost of seed.cost ?? []) rows.push(['_EventCost', cost]);
    if (seed.currencySymbol !== undefined) rows.push(['_EventCurrencySymbol', seed.currencySymbol]);
    if (seed.currencyPosition !== undefined) rows.push(['_EventCurrencyPosition', seed.currencyPosition]);
    if (seed.website !== undefined) rows.push(['_EventURL', seed.website]);
    rows.push(...(seed.meta ?? []));
    for (const [key, value] of rows) await posts.addMeta(id, key, value);
    // TEC 6 also writes the event's `tec_events`/`tec_occurrences` rows (storage.md §11).
    const seconds = (Date.parse(`${(seed.utcEnd ?? end).replace(' ', 'T')}Z`) - Date.parse(`${(seed.utcStart ?? start).replace(' ', 'T')}Z`)) / 1000;
    const dates = Object.fromEntries(rows) as unknown as EventDateMeta;
    await t.app.get(TecTables).upsert(id, { ...dates, _EventDuration: String(seconds) }, postDate);
    const given = new Map<string, number[]>();
    if (seed.categories)
      given.set(
        'tribe_events_cat',
        seed.categories.map((c) => c.term_taxonomy_id),
      );
    if (seed.tags)
      given.set(
        'post_tag',
        seed.tags.map((c) => c.term_taxonomy_id),
      );
    await terms.setObjectTerms(id, given);
    return id;
  });
}

/** A term of the taxonomy (`parent` for categories). */
export async function insertTerm(t: TestApp, taxonomy: 'tribe_events_cat' | 'post_tag', name: string, parent?: TermRow): Promise<TermRow> {
  const terms = t.app.get(TermsStore);
  return t.db.transaction(() => terms.insert(taxonomy, { name, parent: parent?.term_id }));
}

/** A venue or organizer post with a few meta rows. */
export async function insertLinked(
  t: TestApp,
  postType: 'tribe_venue' | 'tribe_organizer',
  title: string,
  meta: [string, string][] = [],
  status = 'publish',
  password = '',
): Promise<number> {
  const posts = t.app.get(PostsStore);
  return t.db.transaction(async () => {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const id = await posts.insert({
      post_type: postType,
      post_status: status,
      post_author: 1,
      post_title: title,
      post_name: slug,
      post_password: password,
      post_date: '2026-01-01 10:00:00',
      post_date_gmt: '2026-01-01 10:00:00',
      post_modified: '2026-01-01 10:00:00',
      post_modified_gmt: '2026-01-01 10:00:00',
      guid: (n) => `${SITE}/?p=${n}`,
    });
    for (const [key, value] of meta) await posts.addMeta(id, key, value);
    return id;
  });
}

/** Sets keys of `tribe_events_calendar_options` (merged with what is stored). */
export async function setTribeOptions(t: TestApp, values: Record<string, unknown>): Promise<void> {
  const options = t.app.get(OptionsStore);
  const current = (await options.get<Record<string, unknown>>('tribe_events_calendar_options')) ?? {};
  await options.set('tribe_events_calendar_options', { ...(typeof current === 'object' ? current : {}), ...values });
  await bumpCacheVersion(t);
}

/** Wall time `days` from now (UTC), at `time`. */
export function daysFromNow(days: number, time = '10:00:00'): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)} ${time}`;
}

export const ids = (body: { events: { id: number }[] }) => body.events.map((e) => e.id);
