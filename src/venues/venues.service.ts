import { Injectable } from '@nestjs/common';
import { LinkedPostResource } from '../linked-posts/linked-post.resource';
import { LinkedPostsInline } from '../linked-posts/linked-posts.inline';
import { LinkedPostsService } from '../linked-posts/linked-posts.service';
import { VenueResponse } from './venue.response';
import { VENUE } from './venue.type';

/** Venues (the events module embeds and links them through this service). */
@Injectable()
export class VenuesService extends LinkedPostResource<VenueResponse> {
  constructor(linked: LinkedPostsService, inline: LinkedPostsInline) {
    super(VENUE, linked, inline);
  }
}
