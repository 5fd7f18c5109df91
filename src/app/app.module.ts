import { DynamicModule, Module, Type } from '@nestjs/common';
import { DiscoveryModule as NestDiscoveryModule } from '@nestjs/core';
import { ListFrontReads } from './list-front-reads';
import { AuthModule } from '../auth/auth.module';
import { CacheModule } from '../cache/cache.module';
import { RecordCacheModule } from '../cache/record-cache.module';
import { ReadModelModule } from '../read-model';
import { CategoriesModule } from '../categories/categories.module';
import { ChangesModule } from '../changes/changes.module';
import { ImportFeedsModule } from '../import/feeds/import-feeds.module';
import { ImportsModule } from '../import/imports.module';
import { AppConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { DiscoveryModule } from '../discovery/discovery.module';
import { I18nModule } from '../i18n/i18n.module';
import { McpModule } from '../mcp/mcp.module';
import { EventsModule } from '../events/events.module';
import { HealthModule } from '../health/health.module';
import { OrganizersModule } from '../organizers/organizers.module';
import { ResourcesModule } from '../resources/resources.module';
import { RestModule } from '../rest/rest.module';
import { SiteModule } from '../site/site.module';
import { TagsModule } from '../tags/tags.module';
import { VenuesModule } from '../venues/venues.module';
import { WordpressModule } from '../wordpress/wordpress.module';

@Module({ imports: [NestDiscoveryModule] })
export class AppModule {
  /** `overrides` replace environment variables (tests, CLI); everything is validated at boot. */
  static forRoot(overrides: Record<string, string> = {}, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(overrides),
        DatabaseModule,
        CacheModule,
        ReadModelModule,
        RecordCacheModule,
        WordpressModule,
        AuthModule,
        RestModule,
        ResourcesModule,
        I18nModule,
        DiscoveryModule.forRoot(),
        CategoriesModule,
        TagsModule,
        VenuesModule,
        OrganizersModule,
        EventsModule,
        ChangesModule,
        ImportsModule,
        ImportFeedsModule,
        McpModule,
        HealthModule,
        SiteModule,
        ...extraModules,
      ],
      // The lists' front reads find every list route, of every module (src/app/front-reads.road.ts).
      providers: [ListFrontReads],
    };
  }
}
