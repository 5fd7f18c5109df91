import { Module } from '@nestjs/common';
import { Catalogs } from '../i18n/catalogs';
import { LinkedInputResolver } from './linked-input.resolver';
import { LinkedPostLoader } from './linked-post.loader';
import { LinkedPostWriter } from './linked-post.writer';
import { LinkedPostsInline } from './linked-posts.inline';
import { LinkedPostsService } from './linked-posts.service';
import { LINKED_POSTS_CATALOGS } from './linked-posts.catalogs';

/** Behaviour shared by venues and organizers (and used by events to embed or create them inline). */
@Catalogs(LINKED_POSTS_CATALOGS)
@Module({
  providers: [LinkedPostsService, LinkedPostLoader, LinkedPostWriter, LinkedInputResolver, LinkedPostsInline],
  exports: [LinkedPostsService, LinkedPostsInline, LinkedPostWriter],
})
export class LinkedPostsModule {}
