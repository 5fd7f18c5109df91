import { Module } from '@nestjs/common';
import { EventsModule } from '../events';
import { OrganizersModule } from '../organizers';
import { VenuesModule } from '../venues';
import { Resource } from '../resources/resource.decorator';
import { BatchImporter } from './batch-importer';
import { EventImporter } from './event-importer';
import { LinkedImporter } from './linked-importer';
import { ImportsController } from './imports.controller';
import { IMPORTS_RESOURCE } from './imports.resource';
import { ImportsService } from './imports.service';
import { ImportedEventsRepository } from './repository/imported-events.repository';
import { ImportsRepository } from './repository/imports.repository';

/** Import of calendars into events (docs/import.md), in the service's namespace `eca/v1`. */
@Resource(IMPORTS_RESOURCE)
@Module({
  imports: [EventsModule, VenuesModule, OrganizersModule],
  controllers: [ImportsController],
  providers: [ImportsService, EventImporter, BatchImporter, LinkedImporter, ImportsRepository, ImportedEventsRepository],
  exports: [ImportsService, ImportsRepository],
})
export class ImportsModule {}
