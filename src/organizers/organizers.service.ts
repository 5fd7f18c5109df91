import { Injectable } from '@nestjs/common';
import { LinkedPostResource } from '../linked-posts/linked-post.resource';
import { LinkedPostsInline } from '../linked-posts/linked-posts.inline';
import { LinkedPostsService } from '../linked-posts/linked-posts.service';
import { OrganizerResponse } from './organizer.response';
import { ORGANIZER } from './organizer.type';

/** Organizers (the events module embeds and links them through this service). */
@Injectable()
export class OrganizersService extends LinkedPostResource<OrganizerResponse> {
  constructor(linked: LinkedPostsService, inline: LinkedPostsInline) {
    super(ORGANIZER, linked, inline);
  }
}
