import { RestArg, SiteFacts } from '../../rest/params/rest-arg.decorator';
import { defaultWindowBounds, isTimeInput } from '../dates';

const positiveInteger = (value: number) => Number.isInteger(value) && value >= 1;
const nonEmptyString = (value: string) => value !== '';
/** Items of an ID list (`venue`, `organizer`): digits only; existence is checked by the service. */
const idItems = (items: unknown[]) => items.length > 0 && items.every((item) => /^\d+$/.test(String(item).trim()) && Number(item) > 0);
/** Items of a term list: IDs, slugs or names; existence is checked by the service. */
const termItems = (items: unknown[]) => items.length > 0 && items.every((item) => (typeof item === 'string' || typeof item === 'number') && String(item).trim() !== '');

/** Date bounds: the plugin documents them without a type (index-and-doc.md §1). */
const date = (description: string) =>
  ({ type: 'string', description, validate: isTimeInput, callbackValidated: true, indexKeys: ['description'] }) as const;
/** `start_date`/`end_date` show the default window computed at request time. */
const windowDate = (description: string, bound: 'start' | 'end') =>
  ({ ...date(description), indexKeys: ['default', 'description'], defaultAt: (site: SiteFacts) => defaultWindowBounds(site.timezone, site.now)[bound] }) as const;
/** Lists the plugin documents as integer items (IDs), though slugs pass too. */
const idList = { docItems: 'integer', indexKeys: ['description', 'items'] } as const;

/**
 * `GET /events` (lists-and-filters.md §2.1), in TEC's `Archive_Event::READ_args` order (index-and-doc.md
 * §1). Arguments the plugin checks with its own callback fail with a bare "Invalid parameter.";
 * `featured`, `geoloc` and `ticketed` are WordPress-typed booleans. Existence checks (terms, venues,
 * organizers, `post_parent`, `status`) are done by the service.
 */
export class EventListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return', default: 1, validate: positiveInteger, callbackValidated: true, indexKeys: ['default', 'description', 'type'] })
  page: number;

  @RestArg({ type: 'integer', description: 'The number of events to return on each page', validate: positiveInteger, callbackValidated: true, defaultAt: (site) => site.perPage, indexKeys: ['default', 'description', 'type'] })
  per_page?: number;

  @RestArg(windowDate('Events should start after the specified date', 'start'))
  start_date?: string;

  @RestArg(windowDate('Events should end before the specified date', 'end'))
  end_date?: string;

  @RestArg(date('Events should start before the specified date'))
  starts_before?: string;

  @RestArg(date('Events should start after the specified date'))
  starts_after?: string;

  @RestArg(date('Events should end before the specified date'))
  ends_before?: string;

  @RestArg(date('Events should end after the specified date'))
  ends_after?: string;

  @RestArg({
    type: 'string',
    description: 'Whether the dates should be interpreted strictly (1, true, on, yes) or rounded to whole days',
    default: 'false',
    validate: nonEmptyString,
    callbackValidated: true,
    indexKeys: ['default', 'description'],
  })
  strict_dates: string;

  @RestArg({ type: 'string', description: 'Events should contain the specified string in the title, description or excerpt', validate: nonEmptyString, callbackValidated: true, indexKeys: ['description', 'type'] })
  search?: string;

  @RestArg({ type: 'array', commaList: true, description: 'Events should be assigned one of the specified categories (IDs or slugs)', validate: termItems, callbackValidated: true, ...idList })
  categories?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Events should be assigned one of the specified tags (IDs or slugs)', validate: termItems, callbackValidated: true, ...idList })
  tags?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Events should be linked to one of the specified venues', validate: idItems, callbackValidated: true, ...idList })
  venue?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Events should be linked to one of the specified organizers', validate: idItems, callbackValidated: true, ...idList })
  organizer?: (string | number)[];

  @RestArg({ type: 'boolean', description: 'Events should be filtered by their featured status', indexKeys: ['type', 'description'] })
  featured?: boolean;

  @RestArg({ type: 'string', format: 'string', description: 'Events should have one of the specified statuses (comma list)', indexKeys: ['format', 'description'] })
  status?: string;

  @RestArg({ type: 'boolean', description: 'Requires Events Calendar Pro: accepted and ignored', indexKeys: ['type', 'description'] })
  geoloc?: boolean;

  @RestArg({ type: 'string', format: 'double', description: 'Requires Events Calendar Pro: accepted and ignored', indexKeys: ['format', 'description'] })
  geoloc_lat?: string;

  @RestArg({ type: 'string', format: 'double', description: 'Requires Events Calendar Pro: accepted and ignored', indexKeys: ['format', 'description'] })
  geoloc_lng?: string;

  @RestArg({ type: 'array', commaList: true, items: 'integer', description: 'Only the events with these IDs (date window ignored)', validate: (items: number[]) => items.every((n) => n > 0), callbackValidated: true, indexKeys: ['description', 'items'] })
  include?: number[];

  @RestArg({ type: 'integer', description: 'Events should be children of the event with this ID', validate: positiveInteger, callbackValidated: true, indexKeys: ['type', 'description'] })
  post_parent?: number;

  @RestArg({
    type: 'boolean',
    description: 'Filter events by whether they have tickets (needs Event Tickets, which this service does not provide)',
    validate: (value: boolean) => !value || { code: 'event-tickets-not-active', message: 'Event Tickets is not active: events cannot be filtered by ticket.' },
    indexKeys: ['type', 'description'],
  })
  ticketed?: boolean;
}
