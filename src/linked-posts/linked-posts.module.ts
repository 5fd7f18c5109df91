import { Module } from '@nestjs/common';
import { LinkedInputResolver } from './linked-input.resolver';
import { LinkedPostLoader } from './linked-post.loader';
import { LinkedPostWriter } from './linked-post.writer';
import { LinkedPostsInline } from './linked-posts.inline';
import { LinkedPostsService } from './linked-posts.service';

/** Behaviour shared by venues and organizers (and used by events to embed or create them inline). */
@Module({
  providers: [LinkedPostsService, LinkedPostLoader, LinkedPostWriter, LinkedInputResolver, LinkedPostsInline],
  exports: [LinkedPostsService, LinkedPostsInline],
})
export class LinkedPostsModule {}
