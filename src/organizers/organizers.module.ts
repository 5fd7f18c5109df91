import { Module } from '@nestjs/common';
import { createLinkedPostsController } from '../linked-posts/linked-posts.controller';
import { LinkedPostsModule } from '../linked-posts/linked-posts.module';
import { Resource } from '../resources/resource.decorator';
import { OrganizerCreateArgs, OrganizerListArgs, OrganizerUpdateArgs } from './organizer-args';
import { ORGANIZER } from './organizer.type';
import { OrganizersService } from './organizers.service';
import { ORGANIZERS_RESOURCE } from './organizers.resource';

const OrganizersController = createLinkedPostsController(
  ORGANIZER,
  OrganizersService,
  { list: OrganizerListArgs, create: OrganizerCreateArgs, update: OrganizerUpdateArgs },
  'The requested organizer archive page does not exist.',
);

/** `/organizers` routes; exports OrganizersService for the events module (embedding, inline organizers). */
@Resource(ORGANIZERS_RESOURCE)
@Module({
  imports: [LinkedPostsModule],
  controllers: [OrganizersController],
  providers: [OrganizersService],
  exports: [OrganizersService],
})
export class OrganizersModule {}
