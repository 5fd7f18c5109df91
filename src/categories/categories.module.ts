import { Module } from '@nestjs/common';
import { TermsModule } from '../terms';
import { Resource } from '../resources/resource.decorator';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { CATEGORIES_RESOURCE } from './categories.resource';

/** `/categories`: the shared term resource with `parent` (field, write argument and list filter). */
@Resource(CATEGORIES_RESOURCE)
@Module({
  imports: [TermsModule],
  controllers: [CategoriesController],
  providers: [CategoriesService],
  exports: [CategoriesService],
})
export class CategoriesModule {}
