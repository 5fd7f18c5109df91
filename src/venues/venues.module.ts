import { Module } from '@nestjs/common';
import { createLinkedPostsController } from '../linked-posts/linked-posts.controller';
import { LinkedPostsModule } from '../linked-posts/linked-posts.module';
import { Resource } from '../resources/resource.decorator';
import { VenueCreateArgs, VenueListArgs, VenueUpdateArgs } from './venue-args';
import { VENUE } from './venue.type';
import { VenuesService } from './venues.service';
import { VenueGeoIndex } from './venue-geo.index';
import { VenueGeoRepository } from './repository/venue-geo.repository';
import { VENUES_RESOURCE } from './venues.resource';

const VenuesController = createLinkedPostsController(
  VENUE,
  VenuesService,
  { list: VenueListArgs, create: VenueCreateArgs, update: VenueUpdateArgs },
  'The requested venue archive page does not exist.',
);

/** `/venues` routes; exports VenuesService for the events module (embedding, inline venues). */
@Resource(VENUES_RESOURCE)
@Module({
  imports: [LinkedPostsModule],
  controllers: [VenuesController],
  providers: [VenuesService, VenueGeoRepository, VenueGeoIndex],
  exports: [VenuesService, VenueGeoIndex],
})
export class VenuesModule {}
