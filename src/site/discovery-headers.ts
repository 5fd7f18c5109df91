/**
 * What a page tells about the API (index-and-doc.md "Discovery headers on the site's pages", TEC
 * `REST/V1/Headers/Base.php`): X-TEC-API-VERSION, X-TEC-API-ROOT — the resource or the filtered list
 * the page shows, else the namespace root — and X-TEC-API-ORIGIN; plus `Link` headers to the page's
 * JSON resource, its iCalendar feed and, for posts, WordPress's shortlink.
 */
import type { PageSubject } from './site-pages.service';
import type { SiteFacts } from './site-facts';
import { monthDays } from './pages/month-grid';
import { icalUrl } from './pages/parts';

/** `X-TEC-API-ROOT` of a page. */
export function apiRootOf(subject: PageSubject, site: SiteFacts): string {
  switch (subject.kind) {
    case 'event':
      return `${site.restBase}/events/${subject.event.id}`;
    case 'category':
      return `${site.restBase}/events/?categories=${subject.term.slug}`;
    case 'tag':
      return `${site.restBase}/events/?tags=${subject.term.slug}`;
    default:
      return `${site.restBase}/`;
  }
}

/** The REST resource a page shows (its `rel="alternate"` JSON). */
export function restUrlOf(subject: PageSubject, site: SiteFacts): string {
  switch (subject.kind) {
    case 'event':
      return String(subject.event.rest_url);
    case 'venue':
      return `${site.restBase}/venues/${subject.record.id}`;
    case 'organizer':
      return `${site.restBase}/organizers/${subject.record.id}`;
    case 'category':
      return `${site.restBase}/categories/${subject.term.id}`;
    case 'tag':
      return `${site.restBase}/tags/${subject.term.id}`;
    case 'month': {
      const { first, last } = monthDays(subject.month);
      return `${site.restBase}/events?start_date=${first}&end_date=${last}`;
    }
    default:
      return `${site.restBase}/events`;
  }
}

function postId(subject: PageSubject): unknown {
  if (subject.kind === 'event') return subject.event.id;
  return subject.kind === 'venue' || subject.kind === 'organizer' ? subject.record.id : undefined;
}

export function discoveryHeaders(subject: PageSubject, site: SiteFacts): Record<string, string> {
  return { 'X-TEC-API-VERSION': 'v1', 'X-TEC-API-ROOT': apiRootOf(subject, site), 'X-TEC-API-ORIGIN': site.home };
}

/** The `Link` values a page adds to the REST root one every answer carries. */
export function pageLinks(subject: PageSubject, site: SiteFacts, pageUrl: string): string[] {
  const id = postId(subject);
  return [
    `<${restUrlOf(subject, site)}>; rel="alternate"; type="application/json"`,
    `<${icalUrl(pageUrl)}>; rel="alternate"; type="text/calendar"`,
    ...(id !== undefined ? [`<${site.home}/?p=${id}>; rel=shortlink`] : []),
  ];
}
