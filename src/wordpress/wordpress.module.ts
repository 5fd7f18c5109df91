import { Global, Module } from '@nestjs/common';
import { OptionsStore } from './options.store';
import { SiteSeeder } from './site-seeder';
import { SiteService } from './site.service';
import { UsersStore } from './users.store';

/** WordPress semantics over the tables; shared by every resource module. */
@Global()
@Module({
  providers: [OptionsStore, UsersStore, SiteService, SiteSeeder],
  exports: [OptionsStore, UsersStore, SiteService, SiteSeeder],
})
export class WordpressModule {}
