import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { AppConfig } from '../config/app-config';
import { RestError } from '../reasons/rest-error';
import { RequestContext, requestContextOf, RestRequest } from '../rest/request-context';
import { SerializedAnswer } from '../rest/serialized-answer';
import { discoveryHeaders, pageLinks, restUrlOf } from './discovery-headers';
import { plainText } from './ical/calendar-event';
import { eventMain, SeriesLine } from './pages/event-page';
import { dayOf } from './pages/event-when';
import { describeRecurrence } from '../recurrence';
import { SeriesReader } from '../events';
import { htmlDocument } from './pages/html';
import { archiveMain, homeMain, linkedMain, ListingOptions, notFoundMain, termMain } from './pages/listing-pages';
import { CalendarMonth, gridDays, monthMain, monthParam, monthTitle } from './pages/month-grid';
import { name, withParam } from './pages/parts';
import { SiteCalendar } from './site-calendar';
import { SiteFacts, SiteFactsReader } from './site-facts';
import { EventFilter, PageSubject, SitePagesService } from './site-pages.service';

export const HTML_CONTENT_TYPE = 'text/html; charset=UTF-8';

/**
 * The pages' own Content-Security-Policy (helmet's other headers stay): no script at all, styles
 * inline, images from anywhere (a site's uploads usually live on WordPress's host), forms posted back
 * here only.
 */
const PAGE_CSP = "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

/** Query parameters that name what a page shows (WordPress's plain-permalink forms); others are dropped from its URL. */
const IDENTIFYING = ['p', 'post_type', 'tribe_events', 'tribe_venue', 'tribe_organizer', 'tribe_events_cat', 'tag'];

/** The events of a list page and of its feed. */
function filterOf(subject: PageSubject): EventFilter {
  switch (subject.kind) {
    case 'venue':
      return { venue: [Number(subject.record.id)] };
    case 'organizer':
      return { organizer: [Number(subject.record.id)] };
    case 'category':
      return { categories: [subject.term.id] };
    case 'tag':
      return { tags: [subject.term.id] };
    default:
      return {};
  }
}

/** The address of the page as asked for: public base, path, and the query parameters that name its subject. */
function pageUrlOf(req: RestRequest, site: SiteFacts): string {
  const query = new URLSearchParams();
  for (const key of IDENTIFYING) {
    const value = req.query[key];
    if (typeof value === 'string') query.set(key, value);
  }
  const path = req.path.endsWith('/') ? req.path : `${req.path}/`;
  return `${site.home}${path}${query.size ? `?${query}` : ''}`;
}

/**
 * Turns what a page shows into its answer: the HTML page or, with `?ical` (any value, as the plugin),
 * its iCalendar feed; with the discovery headers either way. A subject the caller may not read through
 * the API (a RestError below 500) is the 404 page.
 */
@Injectable()
export class SiteAnswers {
  constructor(
    private readonly pages: SitePagesService,
    private readonly facts: SiteFactsReader,
    private readonly config: AppConfig,
    private readonly calendar: SiteCalendar,
    private readonly series: SeriesReader,
  ) {}

  async answer(req: RestRequest, res: Response, subjectOf: (ctx: RequestContext, site: SiteFacts) => Promise<PageSubject>): Promise<SerializedAnswer> {
    if (!this.config.sitePages) throw RestError.noRoute();
    const ctx = requestContextOf(req);
    const site = await this.facts.read(ctx.origin);
    if (req.method === 'POST') res.setHeader('Cache-Control', 'no-store'); // it answers a password
    let subject: PageSubject;
    try {
      subject = await subjectOf(ctx, site);
    } catch (error) {
      if (!(error instanceof RestError) || error.status >= 500) throw error;
      return this.page(res, site, { kind: 'home' }, 'Page not found', notFoundMain(site.home), 404);
    }
    const pageUrl = this.canonicalUrl(subject, req, site);
    for (const link of pageLinks(subject, site, pageUrl)) res.append('Link', link);
    if (req.query.ical !== undefined) return this.feed(res, subject, site, ctx);
    return this.html(res, subject, site, ctx, pageUrl, req);
  }

  /** Records and terms are at their own `url` (pretty or `?p=`); the home page and the archive at the address asked for. */
  private canonicalUrl(subject: PageSubject, req: RestRequest, site: SiteFacts): string {
    if (subject.kind === 'event') return String(subject.event.url);
    if (subject.kind === 'venue' || subject.kind === 'organizer') return String(subject.record.url);
    if (subject.kind === 'category' || subject.kind === 'tag') return subject.term.url;
    if (subject.kind === 'month') return withParam(`${site.home}/events/month/`, 'month', monthParam(subject.month));
    return pageUrlOf(req, site);
  }

  private async html(res: Response, subject: PageSubject, site: SiteFacts, ctx: RequestContext, pageUrl: string, req: RestRequest): Promise<SerializedAnswer> {
    const wrongPassword = !!ctx.credentials.password;
    const restUrl = restUrlOf(subject, site);
    const listing = async (): Promise<ListingOptions> => ({ pageUrl, events: await this.pages.eventPage(filterOf(subject), req.query.page, ctx) });
    switch (subject.kind) {
      case 'event':
        return this.page(
          res,
          site,
          subject,
          name(subject.event.title),
          eventMain(subject.event, {
            locked: subject.locked,
            home: site.home,
            pageUrl,
            wrongPassword,
            series: await this.seriesLine(subject.event, site, ctx),
          }),
          200,
          subject.locked ? undefined : subject.event.json_ld,
        );
      case 'venue':
      case 'organizer': {
        const { record, title, locked } = subject;
        const events = locked ? { pageUrl, events: { events: [], page: 1, totalPages: 0 } } : await listing();
        const main = linkedMain(record, subject.kind, { title, restUrl, locked, wrongPassword }, events);
        const jsonLd = !locked && record.json_ld ? { '@context': 'http://schema.org', ...(record.json_ld as object) } : undefined;
        return this.page(res, site, subject, name(title), main, 200, jsonLd);
      }
      case 'category':
      case 'tag':
        return this.page(
          res,
          site,
          subject,
          name(subject.term.name),
          termMain(subject.term, subject.kind === 'category' ? 'Category' : 'Tag', restUrl, await listing()),
        );
      case 'archive':
        return this.page(res, site, subject, 'Events', archiveMain(restUrl, await listing()));
      case 'month': {
        const { month } = subject;
        const main = monthMain({
          month,
          viewUrl: `${site.home}/events/month/`,
          restUrl,
          today: site.today,
          startOfWeek: site.startOfWeek,
          events: await this.monthEvents(subject, site, ctx),
        });
        return this.page(res, site, subject, `Events in ${monthTitle(month)}`, main);
      }
      default:
        return this.page(res, site, subject, plainText(site.name) || 'Events', homeMain(site, await listing()));
    }
  }

  /** The events of a month grid's days (the weeks around the month included). */
  private monthEvents(subject: { month: CalendarMonth }, site: SiteFacts, ctx: RequestContext): Promise<Record<string, unknown>[]> {
    const { first, last } = gridDays(subject.month, site.startOfWeek);
    return this.pages.between(first, last, ctx);
  }

  /** How the event's series repeats, with its first event unless the page is that one (or the caller may not read it). */
  private async seriesLine(event: Record<string, unknown>, site: SiteFacts, ctx: RequestContext): Promise<SeriesLine | undefined> {
    const member = (await this.series.membership([Number(event.id)], site.timezone)).get(Number(event.id));
    if (!member) return undefined;
    const description = describeRecurrence(member.rule);
    const first = member.seriesId === Number(event.id) ? undefined : await this.pages.readableEvent(member.seriesId, ctx);
    if (!first) return { description };
    return { description, first: { url: String(first.url), title: String(first.title), date: dayOf(String(first.start_date)) } };
  }

  private page(res: Response, site: SiteFacts, subject: PageSubject, title: string, main: string, status = 200, jsonLd?: unknown): SerializedAnswer {
    for (const [header, value] of Object.entries(discoveryHeaders(subject, site))) res.setHeader(header, value);
    res.removeHeader('X-Robots-Tag'); // pages are for search engines too (the API's answers are not)
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    const links = [
      { rel: 'https://api.w.org/', href: `${site.restRoot}/` },
      ...(status === 200 ? [{ rel: 'alternate', type: 'application/json', href: restUrlOf(subject, site) }] : []),
    ];
    return new SerializedAnswer(HTML_CONTENT_TYPE, htmlDocument({ site, title, links, main, jsonLd }), status);
  }

  private async feed(res: Response, subject: PageSubject, site: SiteFacts, ctx: RequestContext): Promise<SerializedAnswer> {
    for (const [header, value] of Object.entries(discoveryHeaders(subject, site))) res.setHeader(header, value);
    const events =
      subject.kind === 'event'
        ? [subject.event]
        : subject.kind === 'month'
          ? await this.monthEvents(subject, site, ctx)
          : await this.pages.upcoming(filterOf(subject), ctx);
    return this.calendar.answer(res, events, site, ctx);
  }
}
