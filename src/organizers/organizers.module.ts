import { Module } from '@nestjs/common';
import { LinkedPostsModule } from '../linked-posts/linked-posts.module';
import { OrganizersController } from './organizers.controller';
import { OrganizersService } from './organizers.service';

/** `/organizers` routes; exports OrganizersService for the events module (embedding, inline organizers). */
@Module({
  imports: [LinkedPostsModule],
  controllers: [OrganizersController],
  providers: [OrganizersService],
  exports: [OrganizersService],
})
export class OrganizersModule {}
