/**
 * What other folders may use of the events resource (docs/architecture.md "Layers": another resource
 * imports it only through this index; `npm run lint` enforces it). Besides the module, services and
 * DTOs, the import's batches (src/import/batch-importer.ts) use the write planner, the term writer and
 * the row builders that `POST /events` writes with, so that both roads write the same rows.
 */
export { EventsModule } from './events.module';
export { EventsReadService, type EventRef } from './events-read.service';
export { EventsWriteService } from './events-write.service';
export { EventListArgs } from './dto/event-list.args';
export { EventCreateArgs, EventUpdateArgs } from './dto/event-write.args';
export { eventSiteSettings, type EventSiteSettings } from './read/event-settings';
export { SeriesReader, type SeriesMember } from './series/series.reader';
export { EventLoader } from './read/event.loader';
export { EVENT_LIST_ITEM_KIND, EVENT_SINGLE_KIND, EventTexts } from './read/event-texts';
export { SeriesHorizonJob } from './series/series-horizon.job';
export { SeriesWriter } from './series/series.writer';
export { TecTables } from './repository/tec-tables';
export { KnownRange } from './repository/known-range';
export { EventBatchWriter } from './repository/event-batch-writer';
export * from './series/occurrence-rows';
export * from './series/series-plan';
export * from './write/event-create-rows';
export * from './write/event-rows';
export * from './write/event-terms';
export * from './write/event-write-plan';
