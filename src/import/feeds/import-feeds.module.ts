import { Module } from '@nestjs/common';
import { EventsModule } from '../../events';
import { Resource } from '../../resources/resource.decorator';
import { ImportsModule } from '../imports.module';
import { FeedEventsRepository } from '../repository/feed-events.repository';
import { ImportFeedsRepository } from '../repository/import-feeds.repository';
import { FeedRunner } from './feed-runner';
import { ImportFeedsController } from './import-feeds.controller';
import { IMPORT_FEEDS_RESOURCE } from './import-feeds.resource';
import { ImportFeedsService } from './import-feeds.service';
import { ImportFeedsWorker } from './import-feeds.worker';

/** Subscriptions: feed URLs re-imported on a schedule (docs/import.md "Subscriptions"), in `eca/v1`. */
@Resource(IMPORT_FEEDS_RESOURCE)
@Module({
  imports: [ImportsModule, EventsModule],
  controllers: [ImportFeedsController],
  providers: [ImportFeedsService, ImportFeedsRepository, FeedEventsRepository, FeedRunner, ImportFeedsWorker],
  exports: [ImportFeedsWorker],
})
export class ImportFeedsModule {}
