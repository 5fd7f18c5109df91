import { RestArg } from '../../rest/params/rest-arg.decorator';
import { isTimeInput } from '../dates';

const positiveInteger = (value: number) => Number.isInteger(value) && value >= 1;
const nonEmptyString = (value: string) => value !== '';
/** Items of an ID list (`venue`, `organizer`): digits only; existence is checked by the service. */
const idItems = (items: unknown[]) => items.length > 0 && items.every((item) => /^\d+$/.test(String(item).trim()) && Number(item) > 0);
/** Items of a term list: IDs, slugs or names; existence is checked by the service. */
const termItems = (items: unknown[]) => items.length > 0 && items.every((item) => (typeof item === 'string' || typeof item === 'number') && String(item).trim() !== '');

const date = (description: string) => ({ type: 'string' as const, description, validate: isTimeInput, callbackValidated: true });

/**
 * `GET /events` (lists-and-filters.md §2.1), in TEC's `Archive_Event::READ_args` order (index-and-doc.md
 * §1). Arguments the plugin checks with its own callback fail with a bare "Invalid parameter.";
 * `featured`, `geoloc` and `ticketed` are WordPress-typed booleans. Existence checks (terms, venues,
 * organizers, `post_parent`, `status`) are done by the service.
 */
export class EventListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return', default: 1, validate: positiveInteger, callbackValidated: true })
  page: number;

  @RestArg({ type: 'integer', description: 'The number of events to return on each page', validate: positiveInteger, callbackValidated: true })
  per_page?: number;

  @RestArg(date('Events should start after the specified date'))
  start_date?: string;

  @RestArg(date('Events should end before the specified date'))
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
  })
  strict_dates: string;

  @RestArg({ type: 'string', description: 'Events should contain the specified string in the title, description or excerpt', validate: nonEmptyString, callbackValidated: true })
  search?: string;

  @RestArg({ type: 'array', commaList: true, description: 'Events should be assigned one of the specified categories (IDs or slugs)', validate: termItems, callbackValidated: true })
  categories?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Events should be assigned one of the specified tags (IDs or slugs)', validate: termItems, callbackValidated: true })
  tags?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Events should be linked to one of the specified venues', validate: idItems, callbackValidated: true })
  venue?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Events should be linked to one of the specified organizers', validate: idItems, callbackValidated: true })
  organizer?: (string | number)[];

  @RestArg({ type: 'boolean', description: 'Events should be filtered by their featured status' })
  featured?: boolean;

  @RestArg({ type: 'string', format: 'string', description: 'Events should have one of the specified statuses (comma list)' })
  status?: string;

  @RestArg({ type: 'boolean', description: 'Requires Events Calendar Pro: accepted and ignored' })
  geoloc?: boolean;

  @RestArg({ type: 'string', format: 'double', description: 'Requires Events Calendar Pro: accepted and ignored' })
  geoloc_lat?: string;

  @RestArg({ type: 'string', format: 'double', description: 'Requires Events Calendar Pro: accepted and ignored' })
  geoloc_lng?: string;

  @RestArg({ type: 'array', commaList: true, items: 'integer', description: 'Only the events with these IDs (date window ignored)', validate: (items: number[]) => items.every((n) => n > 0), callbackValidated: true })
  include?: number[];

  @RestArg({ type: 'integer', description: 'Events should be children of the event with this ID', validate: positiveInteger, callbackValidated: true })
  post_parent?: number;

  @RestArg({
    type: 'boolean',
    description: 'Filter events by whether they have tickets (needs Event Tickets, which this service does not provide)',
    validate: (value: boolean) => !value || { code: 'event-tickets-not-active', message: 'Event Tickets is not active: events cannot be filtered by ticket.' },
  })
  ticketed?: boolean;
}
