import { Module } from '@nestjs/common';
import { createLinkedPostsController } from '../linked-posts/linked-posts.controller';
import { LinkedPostsModule } from '../linked-posts/linked-posts.module';
import { VenueCreateArgs, VenueListArgs, VenueUpdateArgs } from './venue-args';
import { VENUE } from './venue.type';
import { VenuesService } from './venues.service';

const VenuesController = createLinkedPostsController(
  VENUE,
  VenuesService,
  { list: VenueListArgs, create: VenueCreateArgs, update: VenueUpdateArgs },
  'The requested venue archive page does not exist.',
);

/** `/venues` routes; exports VenuesService for the events module (embedding, inline venues). */
@Module({
  imports: [LinkedPostsModule],
  controllers: [VenuesController],
  providers: [VenuesService],
  exports: [VenuesService],
})
export class VenuesModule {}
