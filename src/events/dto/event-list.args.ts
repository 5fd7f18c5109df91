import { ANY_STATUSES } from '../../auth/post-access';
import { because, notEmpty, positiveInteger } from '../../rest/params/arg-checks';
import { RestArg, SiteFacts } from '../../rest/params/rest-arg.decorator';
import { defaultWindowBounds, isTimeInput } from '../../dates';
import { DEFAULT_RADIUS_KM, isLatitude, isLongitude, MAX_RADIUS_KM } from '../../venues';

/** Items of an ID list (`venue`, `organizer`): digits only; existence is checked by the service. */
const idItems = because(
  (items: unknown[]) => items.length > 0 && items.every((item) => /^\d+$/.test(String(item).trim()) && Number(item) > 0),
  'must list IDs',
);
/** Items of a term list: IDs, slugs or names; existence is checked by the service. */
const termItems = because(
  (items: unknown[]) => items.length > 0 && items.every((item) => (typeof item === 'string' || typeof item === 'number') && String(item).trim() !== ''),
  'must list IDs, slugs or names',
);
const timeInput = because(isTimeInput, 'is not a date or time');

/** `geoloc_lat`/`geoloc_lng`: a number in range, given together with the other one (issue #16). */
const coordinate = (inRange: (n: number) => boolean, other: 'geoloc_lat' | 'geoloc_lng', what: string) => (value: string, dto: EventListArgs) => {
  if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value) || !inRange(Number(value))) return `{name} must be ${what}.`;
  return dto[other] !== undefined || `{name} needs ${other} too.`;
};

/** Date bounds: the plugin documents them without a type (index-and-doc.md §1). */
const date = (description: string) => ({ type: 'string', description, validate: timeInput, callbackValidated: true, indexKeys: ['description'] }) as const;
/** `start_date`/`end_date` show the default window computed at request time. */
const windowDate = (description: string, bound: 'start' | 'end') =>
  ({
    ...date(description),
    indexKeys: ['default', 'description'],
    defaultAt: (site: SiteFacts) => defaultWindowBounds(site.timezone, site.now)[bound],
  }) as const;
/** Lists the plugin documents as integer items (IDs), though slugs pass too. */
const idList = { docItems: 'integer', indexKeys: ['description', 'items'] } as const;

/**
 * `GET /events` (lists-and-filters.md §2.1), in TEC's `Archive_Event::READ_args` order (index-and-doc.md
 * §1). Arguments the plugin checks with its own callback fail without a `details` entry (their
 * reason is in `params`);
 * `featured`, `geoloc` and `ticketed` are WordPress-typed booleans. Existence checks (terms, venues,
 * organizers, `post_parent`, `status`) are done by the service.
 */
export class EventListArgs {
  @RestArg({
    type: 'integer',
    description: 'The archive page to return',
    default: 1,
    validate: positiveInteger,
    callbackValidated: true,
    indexKeys: ['default', 'description', 'type'],
  })
  page: number;

  @RestArg({
    type: 'integer',
    description: 'The number of events to return on each page',
    validate: positiveInteger,
    callbackValidated: true,
    defaultAt: (site) => site.perPage,
    indexKeys: ['default', 'description', 'type'],
  })
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
    validate: notEmpty,
    callbackValidated: true,
    indexKeys: ['default', 'description'],
  })
  strict_dates: string;

  @RestArg({
    type: 'string',
    description: 'Events should contain the specified string in the title, description or excerpt',
    validate: notEmpty,
    callbackValidated: true,
    indexKeys: ['description', 'type'],
  })
  search?: string;

  @RestArg({
    type: 'array',
    commaList: true,
    description: 'Events should be assigned one of the specified categories (IDs or slugs)',
    validate: termItems,
    callbackValidated: true,
    ...idList,
  })
  categories?: (string | number)[];

  @RestArg({
    type: 'array',
    commaList: true,
    description: 'Events should be assigned one of the specified tags (IDs or slugs)',
    validate: termItems,
    callbackValidated: true,
    ...idList,
  })
  tags?: (string | number)[];

  @RestArg({
    type: 'array',
    commaList: true,
    description: 'Events should be linked to one of the specified venues',
    validate: idItems,
    callbackValidated: true,
    ...idList,
  })
  venue?: (string | number)[];

  @RestArg({
    type: 'array',
    commaList: true,
    description: 'Events should be linked to one of the specified organizers',
    validate: idItems,
    callbackValidated: true,
    ...idList,
  })
  organizer?: (string | number)[];

  @RestArg({ type: 'boolean', description: 'Events should be filtered by their featured status', indexKeys: ['type', 'description'] })
  featured?: boolean;

  @RestArg({
    type: 'array',
    items: 'string',
    commaList: true,
    format: 'string',
    description: 'Events should have one of the specified statuses (comma list or array)',
    indexKeys: ['format', 'description'],
    // What listStatuses accepts that an assistant would ask for (the other registered statuses list nothing).
    values: [...ANY_STATUSES, 'trash', 'any'],
    // The plugin documents a string; it accepts `status[]=…` arrays and comma lists alike.
    docType: 'string',
    docStyle: null,
  })
  status?: string[];

  @RestArg({
    type: 'boolean',
    description: 'Only events whose venue has coordinates (geolocation without Events Calendar Pro)',
    indexKeys: ['type', 'description'],
  })
  geoloc?: boolean;

  @RestArg({
    type: 'string',
    format: 'double',
    description: 'Latitude (-90 to 90) of the centre: only events whose venue lies within geoloc_radius of it; needs geoloc_lng',
    validate: coordinate(isLatitude, 'geoloc_lng', 'a latitude between -90 and 90'),
    indexKeys: ['format', 'description'],
  })
  geoloc_lat?: string;

  @RestArg({
    type: 'string',
    format: 'double',
    description: 'Longitude (-180 to 180) of the centre: only events whose venue lies within geoloc_radius of it; needs geoloc_lat',
    validate: coordinate(isLongitude, 'geoloc_lat', 'a longitude between -180 and 180'),
    indexKeys: ['format', 'description'],
  })
  geoloc_lng?: string;

  /** The service's own addition (not a parameter of the plugin): the radius around geoloc_lat/geoloc_lng. */
  @RestArg({
    type: 'number',
    format: 'double',
    default: DEFAULT_RADIUS_KM,
    minimum: 0,
    maximum: MAX_RADIUS_KM,
    description: `Radius in km around geoloc_lat/geoloc_lng (default ${DEFAULT_RADIUS_KM}, at most ${MAX_RADIUS_KM})`,
    validate: (value: number, dto: EventListArgs) =>
      dto.geoloc_lat !== undefined || dto.geoloc_lng !== undefined || 'geoloc_radius needs geoloc_lat and geoloc_lng.',
  })
  geoloc_radius?: number;

  @RestArg({
    type: 'array',
    commaList: true,
    items: 'integer',
    description: 'Only the events with these IDs (date window ignored)',
    validate: because((items: number[]) => items.every((n) => n > 0), 'must list event IDs'),
    callbackValidated: true,
    indexKeys: ['description', 'items'],
  })
  include?: number[];

  @RestArg({
    type: 'integer',
    description: 'Events should be children of the event with this ID',
    validate: positiveInteger,
    callbackValidated: true,
    indexKeys: ['type', 'description'],
  })
  post_parent?: number;

  @RestArg({
    type: 'boolean',
    description: 'Filter events by whether they have tickets (Event Tickets data: RSVP, Tickets Commerce, PayPal)',
    indexKeys: ['type', 'description'],
  })
  ticketed?: boolean;
}
