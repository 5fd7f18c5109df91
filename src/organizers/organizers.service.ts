import { Injectable } from '@nestjs/common';
import { LinkedPostResource, LinkedPostsInline, LinkedPostsService } from '../linked-posts';
import { OrganizerResponse } from './organizer.response';
import { ORGANIZER } from './organizer.type';

/** Organizers (the events module embeds and links them through this service). */
@Injectable()
export class OrganizersService extends LinkedPostResource<OrganizerResponse> {
  constructor(linked: LinkedPostsService, inline: LinkedPostsInline) {
    super(ORGANIZER, linked, inline);
  }
}
