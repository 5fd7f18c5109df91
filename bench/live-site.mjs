// The URLs of the live-site scenarios (issue #23): reads spread over a few hundred URLs as a site's
// visitors spread them — event pages by ID, pages of the default list, lists filtered by category, by
// venue and by a word of the titles — so that most reads are not the one URL a cache keeps hot.
const EVENT_PAGES = 150;
const LIST_PAGES = 10;
const WIDE_PAGES = 5;
const FILTERS_EACH = 30;
const SEARCHES = 20;

/** Distinct words of the sampled titles, usable as `search` terms that find events. */
function titleWords(titles) {
  const words = titles.flatMap((title) => title.toLowerCase().match(/[a-z]{5,}/g) ?? []);
  return [...new Set(words)].slice(0, SEARCHES);
}

/** Paths (query included) of the live site's reads, from bench/run.mjs's sample. */
export function liveUrls(sample) {
  const events = `${sample.base}/events`;
  const pages = (size, most) => Math.min(most, Math.ceil(sample.total / size));
  const range = (n) => Array.from({ length: n }, (_, i) => i + 1);
  return [
    ...sample.ids.slice(0, EVENT_PAGES).map((id) => `${events}/${id}`),
    ...range(pages(10, LIST_PAGES)).map((page) => `${events}?page=${page}`),
    ...range(pages(50, WIDE_PAGES)).map((page) => `${events}?per_page=50&page=${page}`),
    ...sample.categories.slice(0, FILTERS_EACH).map((id) => `${events}?categories=${id}`),
    ...sample.venues.slice(0, FILTERS_EACH).map((id) => `${events}?venue=${id}`),
    ...titleWords(sample.titles).map((word) => `${events}?search=${word}`),
    `${sample.base}/venues`,
    `${sample.base}/organizers`,
    `${sample.base}/categories`,
  ];
}
