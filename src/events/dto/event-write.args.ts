import { Transform } from 'class-transformer';
import { absoluteUrl, imageReference, StringifyScalars, writableStatus, WRITABLE_STATUSES } from '../../linked-posts';
import { because, notEmpty } from '../../rest/params/arg-checks';
import { ArgSpec, RestArg } from '../../rest/params/rest-arg.decorator';
import { suppliedArgs } from '../../rest/params/rest-validation.pipe';
import { isTimeInput, isValidTimezoneInput } from '../../dates';
import { SCOPE_ARG, SeriesScope } from './series-scope.arg';
import { ORGANIZER } from '../../organizers';
import { VENUE } from '../../venues';
import { LinkedInputArg, LinkedPostsInput } from './linked-input.arg';

const time = because((v: string) => v !== '' && isTimeInput(v), 'is not a date or time');
const timezone = because((v: string) => v === '' || isValidTimezoneInput(v), 'is not a known time zone (use a name such as Europe/Paris, or UTC+2)');

/** TEC registers its own validate_callback for these: failures carry no `details` entry, only their reason. */
const text = (description: string, validate: ArgSpec['validate'] = notEmpty): ArgSpec => ({
  type: 'string',
  description,
  validate,
  callbackValidated: true,
});
const flag = (description: string): ArgSpec => ({ type: 'boolean', description });
/**
 * Lists of IDs or objects (`venue`, `organizer`, `categories`, `tags`): any scalar, array or object
 * passes the type check (items untyped); the service checks the elements against the database
 * (events.md §4.2–§4.4).
 */
const list = (description: string): ArgSpec => ({
  type: 'array',
  description,
  default: null,
  commaList: true,
  // Documented as the plugin does: ID items, though IDs, {id} objects, inline records and names pass.
  docItems: 'integer',
  indexKeys: ['default', 'items', 'description'],
});

/**
 * `cost` is a string, a number or a list of them (formats.md §2.1): normalised to a list of strings
 * before the type check. Write it above @RestArg (class-transformer runs it first).
 */
function CostList(): PropertyDecorator {
  return Transform(({ value }) => {
    if (typeof value === 'number') return [String(value)];
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' ? String(v) : v));
    return value;
  });
}

/**
 * Event write parameters (`Single_Event::CREATE_args`, events.md §3.1), in the plugin's order
 * (index-and-doc.md). `required` only on create; on update every field is optional. Defaults are
 * documentation only for the service: it reads which fields were supplied (`suppliedParam`),
 * so the `all_day` default never clears a stored all-day flag on a partial update (Q9 DEVIATE).
 */
function eventWriteArgs(required: boolean) {
  class EventWriteArgs {
    @RestArg({ type: 'integer', description: 'The event author ID' }) author?: number;
    @RestArg(text('The event publication date', time)) date?: string;
    @RestArg(text('The event publication date (UTC time zone)', time)) date_utc?: string;
    @RestArg({ ...text('The event title'), required }) title?: string;
    @RestArg(text('The event description')) description?: string;
    @RestArg(text('The event slug')) slug?: string;
    @RestArg(text('The event excerpt')) excerpt?: string;
    @RestArg({ ...text('The event post status', writableStatus), values: WRITABLE_STATUSES }) status?: string;
    @RestArg(text('The event time zone', timezone)) timezone?: string;
    @RestArg({ ...flag('Whether the event lasts the whole day or not'), default: false, indexKeys: ['default', 'type', 'description'] }) all_day?: boolean;
    // JSON numbers are rejected (events.md §3.1): a Unix timestamp must come as a string.
    @RestArg({ ...text('The event start date and time', time), required }) start_date?: string;
    @RestArg({ ...text('The event end date and time', time), required }) end_date?: string;
    // Q36 DEVIATE: integer IDs accepted; `false` means "no image" (Q29 DEVIATE).
    @StringifyScalars('')
    @RestArg(text('The event featured image ID or URL', imageReference))
    image?: string;
    @CostList()
    @RestArg({
      type: 'array',
      items: 'string',
      description: 'The event cost (a text, a number or a list of them)',
      docType: 'string',
      indexKeys: ['description'],
    })
    cost?: string[];
    @RestArg({ ...text('The event website URL', absoluteUrl), default: null, indexKeys: ['default', 'description'] }) website?: string | null;
    @RestArg(flag('Whether the event should show a map or not')) show_map?: boolean;
    @RestArg(flag('Whether the event should show a map link or not')) show_map_link?: boolean;
    @RestArg(flag('Whether the event should be hidden from the event lists or not')) hide_from_listings?: boolean;
    @RestArg(flag('Whether the event is sticky in the month view or not')) sticky?: boolean;
    @RestArg(flag('Whether the event is featured or not')) featured?: boolean;
    @RestArg(list('The event categories: IDs, slugs or names')) categories?: unknown[] | null;
    @RestArg(list('The event tags: IDs, slugs or names')) tags?: unknown[] | null;
    // Read into IDs and validated inline records here (linked-input.arg.ts).
    @RestArg({ ...list('The event venue: an ID, an {id} object or a venue to create'), single: true })
    @LinkedInputArg(VENUE)
    venue?: LinkedPostsInput | null;
    @RestArg(list('The event organizers: IDs, {id} objects or organizers to create'))
    @LinkedInputArg(ORGANIZER)
    organizer?: LinkedPostsInput | null;
    // Issue #24: checked by the planner against the event's dates (docs/recurring-events.md "API").
    @RestArg({
      type: 'object',
      description: 'Makes the event a series: {"rrule": RFC 5545 RRULE text, "exdate": [dates left out], "rdate": [dates added]}, dates in the event time zone',
    })
    recurrence?: Record<string, unknown>;
  }
  return EventWriteArgs;
}

/** `POST /events`: `title`, `start_date` and `end_date` are required. */
export class EventCreateArgs extends eventWriteArgs(true) {}

/**
 * `POST|PUT|PATCH /events/{id}` and `/events/by-slug/{slug}`: every field optional. A `password`
 * parameter is ignored: it never changes `post_password` (events.md §4.11), and the answer of a write
 * is not subject to the read credentials. On the by-slug routes a body `slug` renames (Q13 DEVIATE).
 */
export class EventUpdateArgs extends eventWriteArgs(false) {
  @RestArg(SCOPE_ARG) scope?: SeriesScope;
}

/** `POST|PUT|PATCH /events/{id}`: the plugin also declares the read `password` there (after `id`); it is ignored. */
export class EventUpdateByIdArgs extends EventUpdateArgs {
  @RestArg({ ...text('The password of a password-protected event'), before: 'author', i18nKey: 'EventReadArgs.password' })
  password?: string;
}

/** A parameter the request carried (JSON `null` = not supplied, WP core), as opposed to one given its default. */
export function suppliedParam(args: object, name: string): boolean {
  return suppliedArgs(args).has(name);
}
