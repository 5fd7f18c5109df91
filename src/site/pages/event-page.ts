/** The single event page (`/event/{slug}/`): what the API's `GET /events/{id}` shows, as HTML. */
import { actions, address, name, passwordForm, venueOf } from './parts';
import { eventWhen } from './event-when';
import { esc } from './html';
import { safeHttpUrl } from '../../wordpress/safe-url';

type Json = Record<string, unknown>;

function venueSection(event: Json): string {
  const venue = venueOf(event);
  if (!venue) return '';
  const lines = [`<a href="${esc(venue.url)}">${esc(name(venue.venue))}</a>`, address(venue)].filter(Boolean).join('<br>');
  return `<section aria-labelledby="venue"><h2 id="venue">Venue</h2><p>${lines}</p></section>`;
}

function organizerSection(event: Json): string {
  const organizers = Array.isArray(event.organizer) ? (event.organizer as Json[]) : [];
  if (!organizers.length) return '';
  const items = organizers.map((o) => {
    const contact = [
      o.email ? `<a href="mailto:${esc(o.email)}">${esc(o.email)}</a>` : '',
      o.phone ? `<a href="tel:${esc(String(o.phone).replace(/[^\d+]/g, ''))}">${esc(o.phone)}</a>` : '',
    ].filter(Boolean);
    return `<li><a href="${esc(o.url)}">${esc(name(o.organizer))}</a>${contact.length ? ` · ${contact.join(' · ')}` : ''}</li>`;
  });
  return `<section aria-labelledby="organizers"><h2 id="organizers">${organizers.length > 1 ? 'Organizers' : 'Organizer'}</h2><ul>${items.join('')}</ul></section>`;
}

function termLinks(terms: unknown, archive: (slug: string) => string): string {
  return (Array.isArray(terms) ? (terms as Json[]) : []).map((t) => `<a href="${esc(archive(String(t.slug)))}">${esc(name(t.name))}</a>`).join(', ');
}

function details(event: Json, home: string): string {
  const rows: [string, string][] = [];
  if (event.cost) rows.push(['Cost', esc(name(event.cost))]);
  const categories = termLinks(event.categories, (slug) => `${home}/events/category/${slug}/`);
  if (categories) rows.push(['Categories', categories]);
  const tags = termLinks(event.tags, (slug) => `${home}/events/tag/${slug}/`);
  if (tags) rows.push(['Tags', tags]);
  const website = safeHttpUrl(event.website);
  if (website && website !== event.url) rows.push(['Website', `<a href="${esc(website)}">${esc(website)}</a>`]);
  if (!rows.length) return '';
  return `<section aria-labelledby="details"><h2 id="details">Details</h2><dl class="details">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl></section>`;
}

function image(event: Json): string {
  const img = event.image && typeof event.image === 'object' ? (event.image as Json) : {};
  const src = safeHttpUrl(img.url);
  if (!src) return '';
  const size = img.width && img.height ? ` width="${esc(img.width)}" height="${esc(img.height)}"` : '';
  return `<p><img src="${esc(src)}" alt=""${size}></p>`;
}

/** How an occurrence's series repeats (describeRecurrence), and its first event when that is another page the caller may read. */
export interface SeriesLine {
  description: string;
  first?: { url: string; title: string; date: string };
}

function seriesLine(series: SeriesLine | undefined): string {
  if (!series) return '';
  const first = series.first
    ? ` <a rel="first" href="${esc(series.first.url)}">First event of the series: ${esc(name(series.first.title))}, ${esc(series.first.date)}</a>`
    : '';
  return `<p class="series"><strong>${esc(series.description)}</strong>.${first}</p>`;
}

/** The `<main>` of an event page; a locked event shows its title, dates and the password form only. */
export function eventMain(event: Json, options: { locked: boolean; home: string; pageUrl: string; wrongPassword: boolean; series?: SeriesLine }): string {
  const heading = `<h1>${esc(name(event.title))}</h1><p class="when">${eventWhen(event)}</p>${seriesLine(options.series)}`;
  if (options.locked) return `<article>${heading}${passwordForm(options.pageUrl, options.wrongPassword)}</article>`;
  const description = typeof event.description === 'string' && event.description ? `<section aria-label="Description">${event.description}</section>` : '';
  return (
    `<article>${heading}${image(event)}${description}${venueSection(event)}${organizerSection(event)}${details(event, options.home)}` +
    `${actions(String(event.url), String(event.rest_url), 'Add to calendar (iCalendar file)')}</article>`
  );
}
