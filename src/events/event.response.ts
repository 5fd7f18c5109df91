import { getSchemaPath } from '@nestjs/swagger';
import { bool, int, listOf, refTo, str } from '../rest/responses/doc-json';
import { IMAGE_OR_FALSE } from '../rest/responses/image.response';
import { PostResponse } from '../rest/responses/post.response';
import { DocProperty, PayloadProperty, ResponseSchema } from '../rest/responses/response-schema';
import { OrganizerResponse } from '../organizers';
import { EventTermResponse } from '../terms';
import { VenueResponse } from '../venues';

/** Swagger: the date parts are zero-padded strings although the plugin documents integers (Quirk Q5). */
const PADDED = { type: 'string', pattern: '^\\d+$' } as const;

/** The parts of one event date (formats.md §1.7). */
@ResponseSchema('DateDetails')
export class DateDetailsResponse {
  @DocProperty(int('Year'), PADDED) year!: string;
  @DocProperty(int('Month'), PADDED) month!: string;
  @DocProperty(int('Day of the month'), PADDED) day!: string;
  @DocProperty(int('Hour'), PADDED) hour!: string;
  @DocProperty(int('Minutes'), PADDED) minutes!: string;
  @DocProperty(int('Seconds'), PADDED) seconds!: string;
}

/** The cost broken down (formats.md §2.4); `/doc` names `currency_position` without TEC's trailing space (Q39 DEVIATE). */
@ResponseSchema('CostDetails')
export class CostDetailsResponse {
  @DocProperty(str('The currency symbol of the cost')) currency_symbol!: string;
  @PayloadProperty({ type: 'string', description: 'The ISO 4217 currency code of the cost, "" when unset' }) currency_code!: string;
  @DocProperty(str('Whether the symbol goes before or after the amount', { enum: ['prefix', 'postfix'] }), { type: 'string', enum: ['prefix', 'postfix', ''] })
  currency_position!: string;
  // Q7: the amounts are strings, and a text-only cost contributes its slug (`free`).
  @DocProperty(
    { type: 'array', items: { type: 'integer' }, description: 'The amounts found in the cost, in ascending order' },
    { type: 'array', items: { type: 'string' } },
  )
  values!: string[];
}

/** The rule of a series as stored (docs/recurring-events.md): Swagger only, the plugin has no such key. */
@ResponseSchema('EventRecurrence')
export class EventRecurrenceResponse {
  @PayloadProperty({ type: 'string', description: 'The RFC 5545 RRULE, normalised (e.g. FREQ=WEEKLY;COUNT=30;BYDAY=TU)' }) rrule!: string;
  @PayloadProperty({ type: 'array', items: { type: 'string' }, description: 'Starts (or whole days) left out, in the event time zone' }) exdate!: string[];
  @PayloadProperty({ type: 'array', items: { type: 'string' }, description: 'Starts added to the rule, in the event time zone' }) rdate!: string[];
}

/** The series an occurrence belongs to. */
@ResponseSchema('EventSeries')
export class EventSeriesResponse {
  @PayloadProperty({ type: 'integer', description: 'The series: the ID of its first event' }) id!: number;
  @PayloadProperty({ type: 'string', nullable: true, description: 'The rule in words; null for a rule this service cannot read' }) description!: string | null;
  @PayloadProperty({ type: 'integer', description: 'How many occurrences the series has outside the trash' }) occurrences!: number;
  @PayloadProperty({ type: 'string', description: 'The start of its first occurrence, in the event time zone' }) first!: string;
  @PayloadProperty({ type: 'string', description: 'The start of its last occurrence, in the event time zone' }) last!: string;
}

const dateDetails = (description: string) => [listOf('DateDetails', description), { type: () => DateDetailsResponse }] as const;

/**
 * An event (events.md §1): every key always present but `json_ld` (single reads) and `recurrence`/`series`
 * (series). mapEvent returns this class, so the compiler checks the keys Swagger documents; the dates are
 * `null` only for an event stored without them (data another tool wrote), as the plugin answers it.
 */
@ResponseSchema('Event')
export class EventResponse extends PostResponse('event') {
  @DocProperty(str('The REST address of this event')) rest_url!: string;
  @DocProperty(str('The event title')) title!: string;
  @DocProperty(str('The full event description')) description!: string;
  @DocProperty(str('The short event description')) excerpt!: string;
  @DocProperty(str('The event slug')) slug!: string;
  @DocProperty(refTo('Image', 'object', 'The featured image, when the event has one'), IMAGE_OR_FALSE) image!: unknown;
  @DocProperty(bool('Whether the event lasts all day')) all_day!: boolean;
  @DocProperty(str('Start, in the event (or site) time zone')) start_date!: string | null;
  @DocProperty(...dateDetails('The parts of the start date')) start_date_details!: DateDetailsResponse;
  @DocProperty(str('End, in the event (or site) time zone')) end_date!: string | null;
  @DocProperty(...dateDetails('The parts of the end date')) end_date_details!: DateDetailsResponse;
  @DocProperty(str('Start, in UTC')) utc_start_date!: string | null;
  @DocProperty(...dateDetails('The parts of the UTC start date')) utc_start_date_details!: DateDetailsResponse;
  @DocProperty(str('End, in UTC')) utc_end_date!: string | null;
  @DocProperty(...dateDetails('The parts of the UTC end date')) utc_end_date_details!: DateDetailsResponse;
  @DocProperty(str('The event time zone')) timezone!: string;
  @DocProperty(str('Abbreviation of the event time zone')) timezone_abbr!: string;
  @DocProperty(str('The cost as displayed, currency symbol included')) cost!: string;
  @DocProperty(listOf('CostDetails', 'The cost broken down'), { type: () => CostDetailsResponse }) cost_details!: CostDetailsResponse;
  @DocProperty(str('The event website')) website!: string;
  @DocProperty(bool('Whether a map is shown for the event')) show_map!: boolean;
  @DocProperty(bool('Whether a map link is shown for the event')) show_map_link!: boolean;
  @DocProperty(bool('Whether the event is left out of calendar listings')) hide_from_listings!: boolean;
  @DocProperty(bool('Whether the event sticks to the top of its day in the calendar')) sticky!: boolean;
  @DocProperty(bool('Whether the event is featured')) featured!: boolean;
  @DocProperty(listOf('Term', 'The event categories'), { type: () => [EventTermResponse] }) categories!: EventTermResponse[];
  @DocProperty(listOf('Term', 'The event tags'), { type: () => [EventTermResponse] }) tags!: EventTermResponse[];
  @DocProperty(refTo('Venue', 'object', 'The event venue'), {
    oneOf: [{ $ref: getSchemaPath(VenueResponse) }, { type: 'array', items: {}, maxItems: 0 }],
    description: 'The event venue, or an empty list when it has none',
  })
  venue!: unknown;
  @DocProperty(listOf('Organizer', 'The event organizers'), { type: () => [OrganizerResponse] }) organizer!: OrganizerResponse[];
  @PayloadProperty({
    oneOf: [
      { type: 'array', items: {}, maxItems: 0 },
      { type: 'object', additionalProperties: { type: 'object', properties: { label: { type: 'string' }, value: { type: 'string' } } } },
    ],
    description: 'The additional fields with a value, by field name; an empty list when none (events.md §1.4)',
  })
  custom_fields!: unknown;
  // Optional keys (`required: false`): only the occurrences of a series have them (issue #24).
  @PayloadProperty({ type: () => EventRecurrenceResponse, required: false, description: 'The rule of the series the event belongs to (series only)' })
  recurrence?: EventRecurrenceResponse;
  @PayloadProperty({ type: () => EventSeriesResponse, required: false, description: 'The series the event belongs to (series only)' })
  series?: EventSeriesResponse;
  @PayloadProperty({ type: 'object', additionalProperties: true, selfRequired: false, description: 'The schema.org Event (single reads)' }) json_ld?: Record<
    string,
    unknown
  >;
}
