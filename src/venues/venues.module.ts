import { Module } from '@nestjs/common';
import { LinkedPostsModule } from '../linked-posts/linked-posts.module';
import { VenuesController } from './venues.controller';
import { VenuesService } from './venues.service';

/** `/venues` routes; exports VenuesService for the events module (embedding, inline venues). */
@Module({
  imports: [LinkedPostsModule],
  controllers: [VenuesController],
  providers: [VenuesService],
  exports: [VenuesService],
})
export class VenuesModule {}
