import { Module } from '@nestjs/common';
import { TermLinksFactory } from './term-links';
import { TermListQuery } from './term-list.query';
import { TermsService } from './terms.service';

/** The shared term resource logic; the categories and tags modules import it and declare their controller. */
@Module({
  providers: [TermsService, TermListQuery, TermLinksFactory],
  exports: [TermsService, TermLinksFactory],
})
export class TermsModule {}
