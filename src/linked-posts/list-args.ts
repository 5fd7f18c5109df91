import { notEmpty } from '../rest/params/arg-checks';
import { RestArg } from '../rest/params/rest-arg.decorator';
import { StringifyScalars } from './args';

/** The plugin's definition order of these arguments, as the namespace index shows them (TEC's typing of the flags in /doc). */
const LIST_PAGING = ['default', 'description', 'type'] as const;
const LIST_FILTER = ['description', 'type'] as const;

/**
 * Parameters of `GET /venues` and `GET /organizers` (lists-and-filters.md §3.1), in TEC's order.
 * Each resource declares its own subclass so the namespace index can name it.
 */
export class LinkedListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return', default: 1, minimum: 1, indexKeys: LIST_PAGING })
  page: number;

  @RestArg({
    type: 'integer',
    description: 'The number of records to return on each page',
    minimum: 1,
    defaultAt: (site) => site.perPage,
    indexKeys: LIST_PAGING,
  })
  per_page?: number;

  @RestArg({ type: 'string', description: 'Limit results to those matching a string', validate: notEmpty, indexKeys: LIST_FILTER })
  search?: string;

  @RestArg({ type: 'integer', description: 'Limit results to those linked from this event', indexKeys: LIST_FILTER })
  event?: number;

  @StringifyScalars()
  @RestArg({
    type: 'string',
    description: 'Limit results to those that have (or, when falsy, have no) events',
    indexKeys: ['description'],
    docType: 'boolean',
  })
  has_events?: string;

  @StringifyScalars()
  @RestArg({
    type: 'string',
    description: 'Limit results to those that have upcoming events',
    default: false,
    indexKeys: ['description', 'default'],
    docType: 'boolean',
  })
  only_with_upcoming?: string | false;

  @RestArg({
    type: 'array',
    items: 'string',
    commaList: true,
    format: 'string',
    description: 'Limit results to those with this status (comma list or array)',
    indexKeys: ['format', 'description'],
    // The plugin documents a string; it accepts `status[]=…` arrays and comma lists alike.
    docType: 'string',
    docStyle: null,
  })
  status?: string[];
}
