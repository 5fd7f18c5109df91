import { Injectable } from '@nestjs/common';
import { TermResource, TermsService } from '../terms';
import { CATEGORIES } from './categories.taxonomy';

/** Event categories: the shared term behaviour on `tribe_events_cat`. */
@Injectable()
export class CategoriesService extends TermResource {
  constructor(terms: TermsService) {
    super(CATEGORIES, terms);
  }
}
