import { Injectable } from '@nestjs/common';
import { TermResource, TermsService } from '../terms';
import { TAGS } from './tags.taxonomy';

/** Tags: the shared term behaviour on `post_tag`. */
@Injectable()
export class TagsService extends TermResource {
  constructor(terms: TermsService) {
    super(TAGS, terms);
  }
}
