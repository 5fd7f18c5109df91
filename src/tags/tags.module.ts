import { Module } from '@nestjs/common';
import { TermListArgs } from '../terms/dto/term-list.args';
import { TermCreateArgs, TermUpdateArgs } from '../terms/dto/term-write.args';
import { createTermsController } from '../terms/terms.controller';
import { TermsModule } from '../terms/terms.module';
import { Resource } from '../resources/resource.decorator';
import { TAGS } from './tags.taxonomy';
import { TAGS_RESOURCE } from './tags.resource';

/** `/tags`: the shared term resource without hierarchy (no `parent`). */
@Resource(TAGS_RESOURCE)
@Module({
  imports: [TermsModule],
  controllers: [createTermsController(TAGS, { list: TermListArgs, create: TermCreateArgs, update: TermUpdateArgs })],
})
export class TagsModule {}
