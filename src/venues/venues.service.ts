import { Injectable } from '@nestjs/common';
import { LinkedPostResource, LinkedPostsInline, LinkedPostsService } from '../linked-posts';
import { VenueResponse } from './venue.response';
import { VENUE } from './venue.type';

/** Venues (the events module embeds and links them through this service). */
@Injectable()
export class VenuesService extends LinkedPostResource<VenueResponse> {
  constructor(linked: LinkedPostsService, inline: LinkedPostsInline) {
    super(VENUE, linked, inline);
  }
}
