/** The pages that list events: home, the events archive, category and tag archives, venues and organizers. */
import type { EventPage } from '../site-pages.service';
import { actions, address, eventList, icalUrl, name, paging, passwordForm } from './parts';
import { esc } from './html';
import { safeHttpUrl } from '../../wordpress/safe-url';

type Json = Record<string, unknown>;

export interface ListingOptions {
  pageUrl: string;
  events: EventPage;
}

function upcoming(options: ListingOptions, heading = 'Upcoming events'): string {
  const { events, pageUrl } = options;
  return (
    `<section aria-labelledby="upcoming"><h2 id="upcoming">${esc(heading)}</h2>` +
    `${eventList(events.events, 'There are no upcoming events.')}${paging(pageUrl, events.page, events.totalPages)}</section>`
  );
}

function subscribe(pageUrl: string): string {
  return `<a href="${esc(icalUrl(pageUrl))}" type="text/calendar">Subscribe (iCalendar feed of the next 30 events)</a>`;
}

export function homeMain(site: { name: string; description: string; restBase: string }, options: ListingOptions): string {
  return (
    `<h1>${esc(site.name || 'Events')}</h1>${site.description ? `<p class="muted">${esc(site.description)}</p>` : ''}` +
    `${upcoming(options)}<p class="actions">${subscribe(options.pageUrl)}<a href="${esc(site.restBase)}/" type="application/json">REST API</a></p>`
  );
}

export function archiveMain(restUrl: string, options: ListingOptions): string {
  return `<h1>Events</h1>${upcoming(options)}<p class="actions">${subscribe(options.pageUrl)}<a href="${esc(restUrl)}" type="application/json">These events in the REST API (JSON)</a></p>`;
}

export function termMain(term: Json, label: 'Category' | 'Tag', restUrl: string, options: ListingOptions): string {
  const description = term.description ? `<p>${esc(term.description)}</p>` : '';
  return `<h1><span class="muted">${label}:</span> ${esc(name(term.name))}</h1>${description}${upcoming(options)}<p class="actions">${subscribe(options.pageUrl)}<a href="${esc(restUrl)}" type="application/json">These events in the REST API (JSON)</a></p>`;
}

/** A venue or organizer page: its details (unless locked), then its upcoming events. */
export function linkedMain(
  record: Json,
  kind: 'venue' | 'organizer',
  page: { title: string; restUrl: string; locked: boolean; wrongPassword: boolean },
  options: ListingOptions,
): string {
  const { locked, wrongPassword, restUrl } = page;
  const heading = `<h1>${esc(name(page.title))}</h1>`;
  if (locked) return `${heading}${passwordForm(options.pageUrl, wrongPassword)}`;
  const rows: [string, string][] = [];
  if (kind === 'venue' && address(record)) rows.push(['Address', address(record)]);
  if (record.email) rows.push(['E-mail', `<a href="mailto:${esc(record.email)}">${esc(record.email)}</a>`]);
  if (record.phone) rows.push(['Phone', esc(record.phone)]);
  const website = safeHttpUrl(record.website);
  if (website) rows.push(['Website', `<a href="${esc(website)}">${esc(website)}</a>`]);
  const details = rows.length ? `<dl class="details">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>` : '';
  const description = typeof record.description === 'string' && record.description ? `<section aria-label="Description">${record.description}</section>` : '';
  return `${heading}${details}${description}${upcoming(options)}${actions(options.pageUrl, restUrl, 'Subscribe (iCalendar feed of the next 30 events)')}`;
}

export function notFoundMain(home: string): string {
  return `<h1>Page not found</h1><p>Nothing is published at this address. <a href="${esc(home)}/events/">See the upcoming events</a>.</p>`;
}
