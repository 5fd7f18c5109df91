import { Injectable } from '@nestjs/common';
import { TermResource } from '../terms/term.resource';
import { TermsService } from '../terms/terms.service';
import { CATEGORIES } from './categories.taxonomy';

/** Event categories: the shared term behaviour on `tribe_events_cat`. */
@Injectable()
export class CategoriesService extends TermResource {
  constructor(terms: TermsService) {
    super(CATEGORIES, terms);
  }
}
