import { Module } from '@nestjs/common';
import { LinkedPostsModule } from '../linked-posts';
import { Resource } from '../resources/resource.decorator';
import { OrganizersController } from './organizers.controller';
import { OrganizersService } from './organizers.service';
import { ORGANIZERS_RESOURCE } from './organizers.resource';

/** `/organizers` routes; exports OrganizersService for the events module (embedding, inline organizers). */
@Resource(ORGANIZERS_RESOURCE)
@Module({
  imports: [LinkedPostsModule],
  controllers: [OrganizersController],
  providers: [OrganizersService],
  exports: [OrganizersService],
})
export class OrganizersModule {}
