import { Module } from '@nestjs/common';
import { OrganizersModule } from '../organizers';
import { TermsModule } from '../terms';
import { VenuesModule } from '../venues';
import { LinkedInputResolver } from '../linked-posts';
import { Resource } from '../resources/resource.decorator';
import { EventsController } from './events.controller';
import { EventsWriteController } from './events-write.controller';
import { EventsWriteService } from './events-write.service';
import { OccurrenceBackfill } from './occurrence-backfill';
import { TecTables } from './repository/tec-tables';
import { EventListings } from './repository/event-listings';
import { SeriesWriteListing } from './write/series-write-listing';
import { TicketData } from './repository/ticket-links';
import { EventTermsWriter } from './write/event-terms';
import { EventWritePlanner } from './write/event-write-plan';
import { EventWriter } from './write/event-writer';
import { KnownRange } from './repository/known-range';
import { EventsReadService } from './events-read.service';
import { EventTexts } from './read/event-texts';
import { EventFrontReads } from './read/event-front-reads';
import { EventLoader } from './read/event.loader';
import { EventSettingsReader } from './read/event-settings';
import { EventTermFilter } from './read/event-term-filter';
import { EVENTS_RESOURCE } from './events.resource';
import { SeriesRepository } from './repository/series.repository';
import { SeriesHorizonJob } from './series/series-horizon.job';
import { SeriesReader } from './series/series.reader';
import { SeriesWriter } from './series/series.writer';

/** `/events`: reads and writes; its services and the series reader are exported (src/events/index.ts says what others may use). */
@Resource(EVENTS_RESOURCE)
@Module({
  imports: [VenuesModule, OrganizersModule, TermsModule],
  controllers: [EventsController, EventsWriteController],
  providers: [
    EventsReadService,
    EventLoader,
    EventTexts,
    EventFrontReads,
    EventSettingsReader,
    EventTermFilter,
    EventsWriteService,
    EventWritePlanner,
    EventWriter,
    EventTermsWriter,
    TecTables,
    EventListings,
    SeriesWriteListing,
    TicketData,
    OccurrenceBackfill,
    KnownRange,
    LinkedInputResolver,
    SeriesRepository,
    SeriesReader,
    SeriesWriter,
    SeriesHorizonJob,
  ],
  // The planner, terms writer and TEC bookkeeping: the import's batches (src/import/batch-importer.ts).
  exports: [EventsReadService, EventsWriteService, SeriesReader, SeriesRepository, EventWritePlanner, EventTermsWriter, TecTables, KnownRange],
})
export class EventsModule {}
