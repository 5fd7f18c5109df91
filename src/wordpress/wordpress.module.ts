import { Global, Module } from '@nestjs/common';
import { AttachmentsStore } from './attachments';
import { OptionsStore } from './options.store';
import { Permalinks } from './permalinks';
import { PostsStore } from './posts.store';
import { SiteClockService } from './site-clock';
import { SiteService } from './site.service';
import { TermsStore } from './terms.store';
import { UsersStore } from './users.store';

/** WordPress semantics over the tables; shared by every resource module. */
@Global()
@Module({
  providers: [OptionsStore, UsersStore, SiteService, PostsStore, Permalinks, AttachmentsStore, SiteClockService, TermsStore],
  exports: [OptionsStore, UsersStore, SiteService, PostsStore, Permalinks, AttachmentsStore, SiteClockService, TermsStore],
})
export class WordpressModule {}
