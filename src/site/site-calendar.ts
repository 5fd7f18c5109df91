import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { RequestContext } from '../rest/request-context';
import { SerializedAnswer } from '../rest/serialized-answer';
import { plainText } from './ical/calendar-event';
import { feedEvents, SeriesException } from './ical/feed-events';
import { feedFileName, icalendar } from './ical/icalendar';
import { SeriesReader } from '../events';
import type { SiteFacts } from './site-facts';
import { SitePagesService } from './site-pages.service';

export const ICAL_CONTENT_TYPE = 'text/calendar; charset=UTF-8';

type Json = Record<string, unknown>;

/**
 * Every iCalendar answer (the pages' `?ical` feeds, `GET /events` as `text/calendar`): the events a
 * list or page shows, with the series they belong to written as RFC 5545 recurrences. A series' first
 * event is read as the caller may read it through the API; one the caller may not read leaves its
 * occurrences as ordinary VEVENTs.
 */
@Injectable()
export class SiteCalendar {
  constructor(
    private readonly series: SeriesReader,
    private readonly pages: SitePagesService,
  ) {}

  async answer(res: Response, events: Json[], site: SiteFacts, ctx: RequestContext): Promise<SerializedAnswer> {
    const members = await this.series.membership(
      events.map((e) => Number(e.id)),
      site.timezone,
    );
    const listed = new Map(events.map((e) => [Number(e.id), e]));
    const masters = new Map<number, Json>();
    for (const seriesId of new Set([...members.values()].map((m) => m.seriesId))) {
      const master = listed.get(seriesId) ?? (await this.pages.readableEvent(seriesId, ctx));
      if (master) masters.set(seriesId, master);
    }
    const calendar = feedEvents(events, { members, masters, exceptions: await this.exceptions([...masters.keys()], listed, ctx), nowMs: Date.now() }, site);
    res.setHeader('Content-Disposition', `attachment; filename="${feedFileName(plainText(site.name), [...new Set(calendar.map((e) => e.id))])}"`);
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    return new SerializedAnswer(ICAL_CONTENT_TYPE, icalendar(calendar, { name: plainText(site.name), home: site.home }));
  }

  /** Every changed occurrence of the series, listed or not, as the caller may list it (none when it may not). */
  private async exceptions(seriesIds: number[], listed: ReadonlyMap<number, Json>, ctx: RequestContext): Promise<Map<number, SeriesException[]>> {
    const found = await this.series.exceptions(seriesIds);
    const missing = [...found.values()].flat().filter((e) => !listed.has(e.id));
    const read = new Map(
      (
        await this.pages.listedByIds(
          missing.map((e) => e.id),
          ctx,
        )
      ).map((e) => [Number(e.id), e]),
    );
    const eventOf = (id: number) => listed.get(id) ?? read.get(id);
    return new Map([...found].map(([series, list]) => [series, list.map((e) => ({ ...e, event: eventOf(e.id) }))]));
  }
}
