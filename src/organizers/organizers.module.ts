import { Module } from '@nestjs/common';
import { createLinkedPostsController } from '../linked-posts/linked-posts.controller';
import { LinkedPostsModule } from '../linked-posts/linked-posts.module';
import { OrganizerCreateArgs, OrganizerListArgs, OrganizerUpdateArgs } from './organizer-args';
import { ORGANIZER } from './organizer.type';
import { OrganizersService } from './organizers.service';

const OrganizersController = createLinkedPostsController(
  ORGANIZER,
  OrganizersService,
  { list: OrganizerListArgs, create: OrganizerCreateArgs, update: OrganizerUpdateArgs },
  'The requested organizer archive page does not exist.',
);

/** `/organizers` routes; exports OrganizersService for the events module (embedding, inline organizers). */
@Module({
  imports: [LinkedPostsModule],
  controllers: [OrganizersController],
  providers: [OrganizersService],
  exports: [OrganizersService],
})
export class OrganizersModule {}
