import { Module } from '@nestjs/common';
import { HierarchicalTermListArgs } from '../terms/dto/term-list.args';
import { HierarchicalTermCreateArgs, HierarchicalTermUpdateArgs } from '../terms/dto/term-write.args';
import { createTermsController } from '../terms/terms.controller';
import { TermsModule } from '../terms/terms.module';
import { Resource } from '../resources/resource.decorator';
import { CATEGORIES } from './categories.taxonomy';
import { CATEGORIES_RESOURCE } from './categories.resource';

/** `/categories`: the shared term resource with `parent` (field, write argument and list filter). */
@Resource(CATEGORIES_RESOURCE)
@Module({
  imports: [TermsModule],
  controllers: [
    createTermsController(CATEGORIES, {
      list: HierarchicalTermListArgs,
      create: HierarchicalTermCreateArgs,
      update: HierarchicalTermUpdateArgs,
    }),
  ],
})
export class CategoriesModule {}
