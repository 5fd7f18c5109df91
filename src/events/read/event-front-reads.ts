import { Injectable, OnModuleInit } from '@nestjs/common';
import { FrontAnswer, FrontReads } from '../../rest/front-reads';
import { INTERNAL_NAMESPACE, INTERNAL_REST_ROOT } from '../../rest/http-pipeline';
import { Caller, isAuthenticated } from '../../wordpress/caller';
import { EventRef, EventsReadService } from '../events-read.service';

const EVENTS_PATH = `${INTERNAL_REST_ROOT}${INTERNAL_NAMESPACE}/events`;
/** `GET /events/{id}` as WordPress's route pattern `\d+` reads it (larger IDs are answered by the route). */
const BY_ID = new RegExp(`^${EVENTS_PATH}/(\\d{1,15})$`);
/** `GET /events/by-slug/{slug}`: one segment, still percent-encoded. */
const BY_SLUG = new RegExp(`^${EVENTS_PATH}/by-slug/([^/]+)$`);

/**
 * The single event reads the front road answers from the read model (src/app/front-reads.road.ts):
 * by ID and by slug, for an event every caller sees alike. The slug is decoded as Express decodes a
 * route parameter; a malformed one is the route's to refuse (as is one that leaves no slug: the
 * front road answers any failure by handing the request on).
 */
@Injectable()
export class EventFrontReads implements OnModuleInit {
  constructor(
    private readonly fronts: FrontReads,
    private readonly events: EventsReadService,
  ) {}

  onModuleInit(): void {
    // A single read's query (`password`, `_fields`…) is the route's.
    this.fronts.add({ path: BY_ID, answer: async ({ match: [, id], query, caller }) => (query ? undefined : this.stored({ id: Number(id) }, caller)) });
    this.fronts.add({
      path: BY_SLUG,
      answer: async ({ match: [, segment], query, caller }) => {
        const slug = decodedSegment(segment);
        return query || slug === undefined ? undefined : this.stored({ slug }, caller);
      },
    });
  }

  private async stored(ref: EventRef, caller: Caller): Promise<FrontAnswer | undefined> {
    // The stored text is what anonymous callers and those with `read` get (EventTexts.single).
    if (isAuthenticated(caller) && !caller.capabilities.has('read')) return undefined;
    const text = await this.events.storedAnswer(ref);
    return text && { body: Buffer.from(text.text, 'utf8') };
  }
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
