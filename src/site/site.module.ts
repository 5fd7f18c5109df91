import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CacheablePaths } from '../cache/cacheable-request';
import { AppConfig } from '../config/app-config';
import { EventsModule } from '../events';
import { OrganizersModule } from '../organizers/organizers.module';
import { TermsModule } from '../terms/terms.module';
import { VenuesModule } from '../venues/venues.module';
import { EventListCalendarInterceptor } from './event-list-calendar.interceptor';
import { SiteAnswers } from './site-answers';
import { SiteCalendar } from './site-calendar';
import { SiteFactsReader } from './site-facts';
import { SitePagesController } from './site-pages.controller';
import { SitePagesService } from './site-pages.service';
import { isSitePagePath } from './site-paths';

/**
 * The site around the API (docs/site-pages.md): the HTML pages every `url` points to, with the
 * plugin's discovery headers, their iCalendar feeds (`?ical=1`), and `GET /events` as iCalendar
 * (`Accept: text/calendar`). Everything is read through the resources' own services. With
 * SITE_PAGES=false the pages answer `rest_no_route` as before; the REST calendar stays.
 */
@Module({
  imports: [EventsModule, VenuesModule, OrganizersModule, TermsModule],
  controllers: [SitePagesController],
  providers: [SitePagesService, SiteAnswers, SiteFactsReader, SiteCalendar, { provide: APP_INTERCEPTOR, useClass: EventListCalendarInterceptor }],
})
export class SiteModule {
  constructor(paths: CacheablePaths, config: AppConfig) {
    // Pages are cached like the API's anonymous answers (src/cache/).
    if (config.sitePages) paths.add(isSitePagePath);
  }
}
