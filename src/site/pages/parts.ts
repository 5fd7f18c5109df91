/** Pieces several pages share: event lists, paging, the actions row, the password form. */
import { plainText } from '../ical/calendar-event';
import { eventWhen } from './event-when';
import { esc } from './html';

type Json = Record<string, unknown>;

/** A rendered title or name (HTML from the API) as plain text. */
export const name = (value: unknown) => plainText(typeof value === 'string' ? value : '');

/** `url` with one more query parameter. */
export function withParam(url: string, name: string, value: string | number): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/** `url` with `?ical=1` (or `&ical=1`). */
export const icalUrl = (url: string) => withParam(url, 'ical', 1);

/** The venue object embedded in an event, when it has one (`[]` otherwise). */
export function venueOf(event: Json): Json | undefined {
  return event.venue && typeof event.venue === 'object' && !Array.isArray(event.venue) ? (event.venue as Json) : undefined;
}

/** Street, city, region, zip and country, one line each part that exists. */
export function address(record: Json): string {
  const region = record.stateprovince || record.state || record.province;
  const city = [record.city, region, record.zip].filter(Boolean).map(esc).join(', ');
  return [esc(record.address), city, esc(record.country)].filter(Boolean).join('<br>');
}

/** A list of events with their dates and venues; `headingLevel` keeps the outline right. */
export function eventList(events: Json[], empty: string, headingLevel = 3): string {
  if (!events.length) return `<p>${esc(empty)}</p>`;
  const items = events.map((event) => {
    const venue = venueOf(event);
    const where = venue ? ` · <span>${esc(name(venue.venue))}</span>` : '';
    return `<li><article><h${headingLevel}><a href="${esc(event.url)}">${esc(name(event.title))}</a></h${headingLevel}><p>${eventWhen(event)}${where}</p></article></li>`;
  });
  return `<ul class="events">${items.join('')}</ul>`;
}

/** Previous / next page links of a list page (`?page=N`). */
export function paging(pageUrl: string, page: number, totalPages: number): string {
  const link = (n: number, rel: string, text: string) => `<a rel="${rel}" href="${esc(n === 1 ? pageUrl : withParam(pageUrl, 'page', n))}">${text}</a>`;
  const parts = [...(page > 1 ? [link(page - 1, 'prev', '← Earlier page')] : []), ...(page < totalPages ? [link(page + 1, 'next', 'Next page →')] : [])];
  return parts.length ? `<nav class="actions" aria-label="Pages">${parts.join('')}</nav>` : '';
}

/** The links every record page ends with: its iCalendar file and its REST resource. */
export function actions(pageUrl: string, restUrl: string, calendarText: string): string {
  return (
    `<p class="actions"><a href="${esc(icalUrl(pageUrl))}" type="text/calendar">${esc(calendarText)}</a>` +
    `<a href="${esc(restUrl)}" type="application/json">This page in the REST API (JSON)</a></p>`
  );
}

/** WordPress's form for a protected post: the password is posted to the same page, never put in its URL. */
export function passwordForm(action: string, wrong: boolean): string {
  return (
    `<p>This content is password protected. To view it please enter the password below.</p>` +
    (wrong ? `<p role="alert"><strong>That password is not right.</strong></p>` : '') +
    `<form class="password" method="post" action="${esc(action)}"><p><label for="post-password">Password</label><br>` +
    `<input id="post-password" name="password" type="password" autocomplete="current-password" required></p>` +
    `<p><button type="submit">Enter</button></p></form>`
  );
}
