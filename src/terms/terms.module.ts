import { Module } from '@nestjs/common';
import { Catalogs } from '../i18n/catalogs';
import { TermLinksFactory } from './term-links';
import { TermListQuery } from './repository/term-list.query';
import { TermsService } from './terms.service';
import { TERMS_CATALOGS } from './terms.catalogs';

/** The shared term behaviour; the categories and tags modules import it and bind it to their taxonomy (TermResource). */
@Catalogs(TERMS_CATALOGS)
@Module({
  providers: [TermsService, TermListQuery, TermLinksFactory],
  exports: [TermsService, TermLinksFactory],
})
export class TermsModule {}
