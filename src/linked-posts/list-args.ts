import { RestArg } from '../rest/params/rest-arg.decorator';
import { StringifyScalars } from './args';

/**
 * Parameters of `GET /venues` and `GET /organizers` (lists-and-filters.md §3.1), in TEC's order.
 * Each resource declares its own subclass so the namespace index can name it.
 */
export class LinkedListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return', default: 1, minimum: 1 })
  page: number;

  @RestArg({ type: 'integer', description: 'The number of records to return on each page', minimum: 1 })
  per_page?: number;

  @RestArg({ type: 'string', description: 'Limit results to those matching a string', validate: (v: string) => v !== '' })
  search?: string;

  @RestArg({ type: 'integer', description: 'Limit results to those linked from this event' })
  event?: number;

  @StringifyScalars()
  @RestArg({ type: 'string', description: 'Limit results to those that have (or, when falsy, have no) events' })
  has_events?: string;

  @StringifyScalars()
  @RestArg({ type: 'string', description: 'Limit results to those that have upcoming events', default: false })
  only_with_upcoming?: string | false;

  @RestArg({ type: 'string', format: 'string', description: 'Limit results to those with this status (comma list)' })
  status?: string;
}
