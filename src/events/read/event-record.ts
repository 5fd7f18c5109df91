import { ImageObject } from '../../wordpress/attachments';
import { PostMeta, PostRow } from '../../wordpress/posts.store';
import type { TermRow } from '../../wordpress/terms.store';
import type { EventResponse } from '../event.response';

/** Everything one event's representation is built from, loaded in batches for a page of events. */
export interface EventRecord {
  post: PostRow;
  /** All meta rows of the event, key → values in row order. */
  meta: PostMeta;
  image: ImageObject | false;
  /** TEC's event link (`tribe_get_event_link`), the JSON-LD `url` (PostLinks.eventLink). */
  link: string;
  categories: TermRow[];
  tags: TermRow[];
  /** The embedded venue / organizer objects (Q1, Q2), already shaped. */
  venue: EventResponse['venue'];
  organizer: EventResponse['organizer'];
}

/** First stored value of a meta key. */
export function firstMeta(meta: PostMeta, key: string): string | undefined {
  return meta.get(key)?.[0];
}
