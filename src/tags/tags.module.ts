import { Module } from '@nestjs/common';
import { TermListArgs } from '../terms/dto/term-list.args';
import { TermCreateArgs, TermUpdateArgs } from '../terms/dto/term-write.args';
import { createTermsController } from '../terms/terms.controller';
import { TermsModule } from '../terms/terms.module';
import { TAGS } from './tags.taxonomy';

/** `/tags`: the shared term resource without hierarchy (no `parent`). */
@Module({
  imports: [TermsModule],
  controllers: [createTermsController(TAGS, { list: TermListArgs, create: TermCreateArgs, update: TermUpdateArgs })],
})
export class TagsModule {}
