import { Module } from '@nestjs/common';
import { LinkedPostsModule } from '../linked-posts';
import { Resource } from '../resources/resource.decorator';
import { VenuesController } from './venues.controller';
import { VenuesService } from './venues.service';
import { VenueGeoIndex } from './venue-geo.index';
import { VenueGeoRepository } from './repository/venue-geo.repository';
import { VENUES_RESOURCE } from './venues.resource';

/** `/venues` routes; exports VenuesService for the events module (embedding, inline venues). */
@Resource(VENUES_RESOURCE)
@Module({
  imports: [LinkedPostsModule],
  controllers: [VenuesController],
  providers: [VenuesService, VenueGeoRepository, VenueGeoIndex],
  exports: [VenuesService, VenueGeoIndex],
})
export class VenuesModule {}
