// What the bench's scenarios read and write with, taken from a running service through its API: the
// sample of events, terms and linked posts (bench/run.mjs hands it to each load process) and the body
// of every create and update (bench/load.mjs, bench/write-cost.mjs).
import { liveUrls } from './live-site.mjs';
import { BASE } from './scenarios.mjs';

/** Pages of 50 events sampled: the IDs and slugs that single-event and live-site reads spread over. */
const SAMPLED_PAGES = 6;

/** One of `list`, at random. */
export const any = (list) => list[Math.floor(Math.random() * list.length)];

/** IDs, slugs, terms and linked posts the scenarios use, read through the API itself. */
export async function sampleData(url, admin) {
  const get = async (path) => await (await fetch(`${url}${BASE}${path}`)).json();
  const pages = await Promise.all(Array.from({ length: SAMPLED_PAGES }, (_, i) => get(`/events?per_page=50&page=${i + 1}`)));
  const list = pages[0];
  const sampled = pages.flatMap((page) => page.events ?? []);
  const categories = (await get('/categories?per_page=50')).categories;
  const tags = (await get('/tags?per_page=50')).tags ?? [];
  const venues = (await get('/venues?per_page=50')).venues;
  const organizers = (await get('/organizers?per_page=50')).organizers ?? [];
  const top = [...categories].sort((a, b) => b.count - a.count)[0];
  // The geolocation scenarios: a located venue with events, and a 25 km circle around it.
  const located = sampled.map((e) => e.venue).find((v) => v && v.geo_lat !== undefined) ?? venues.find((v) => v.geo_lat !== undefined);
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const sample = {
    base: BASE,
    total: list.total,
    ids: sampled.map((e) => e.id),
    // The first events of the series the sample's events belong to.
    series: [...new Set(sampled.map((e) => e.series?.id).filter((id) => id !== undefined))],
    slugs: sampled.map((e) => e.slug),
    titles: sampled.map((e) => e.title),
    categories: categories.map((c) => c.id),
    tags: tags.map((t) => t.id),
    venues: venues.map((v) => v.id),
    organizers: organizers.map((o) => o.id),
    auth: `Basic ${Buffer.from(`${admin.user}:${admin.password}`).toString('base64')}`,
    windowQuery: `categories=${top.id}&start_date=${day(30)}&end_date=${day(60)}`,
    venueQuery: `venue=${located?.id ?? venues[0].id}`,
    geoQuery: located ? `geoloc_lat=${located.geo_lat}&geoloc_lng=${located.geo_lng}&geoloc_radius=25` : 'geoloc=true',
  };
  return { ...sample, live: liveUrls(sample) };
}

/**
 * The body of every create and update (`title` names it): the same shape whatever the database's
 * size, so the write rows of runs at 200 and at 1M events compare (a date within the default two-year
 * window, one category, one tag, a venue and an organizer by ID).
 */
export function eventBody(sample, title) {
  const day = 1 + Math.floor(Math.random() * 600);
  const start = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify({
    title,
    description: '<p>Written by <strong>npm run bench</strong>.</p>',
    start_date: `${start} 18:00:00`,
    end_date: `${start} 20:00:00`,
    categories: [any(sample.categories)],
    ...(sample.tags.length ? { tags: [any(sample.tags)] } : {}),
    venue: any(sample.venues),
    ...(sample.organizers.length ? { organizer: [any(sample.organizers)] } : {}),
    cost: '10',
  });
}
