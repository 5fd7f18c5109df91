import { Module } from '@nestjs/common';
import { TermsModule } from '../terms';
import { Resource } from '../resources/resource.decorator';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';
import { TAGS_RESOURCE } from './tags.resource';

/** `/tags`: the shared term resource without hierarchy (no `parent`). */
@Resource(TAGS_RESOURCE)
@Module({
  imports: [TermsModule],
  controllers: [TagsController],
  providers: [TagsService],
  exports: [TagsService],
})
export class TagsModule {}
