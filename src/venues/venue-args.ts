import { ArgSpec, RestArg } from '../rest/params/rest-arg.decorator';
import { LINKED_ARGS, StringifyScalars, LinkedListArgs } from '../linked-posts';

/**
 * `geo_lat`/`geo_lng`: the service's own addition (the plugin's venue endpoints take no coordinates;
 * Events Calendar Pro geocodes the address). Stored as Pro stores manual coordinates (venue.type.ts);
 * both together, `0` and `0` remove them (TEC shows coordinates only when both are non-zero).
 */
function coordinate(what: string, limit: number, other: 'geo_lat' | 'geo_lng'): ArgSpec {
  return {
    type: 'number',
    format: 'double',
    minimum: -limit,
    maximum: limit,
    description: `The venue ${what} (-${limit} to ${limit}), given together with ${other}; 0 and 0 remove the coordinates`,
    validate: (_value: number, dto: Record<string, unknown>) => dto[other] !== undefined || `{name} needs ${other} too.`,
  };
}

/** Venue write parameters (`Single_Venue::CREATE_args`, venues-organizers.md §4.1), in TEC's order. */
function venueArgs(nameRequired: boolean) {
  class VenueArgs {
    @RestArg(LINKED_ARGS.author('venue')) author?: number;
    @RestArg(LINKED_ARGS.date('venue')) date?: string;
    @RestArg(LINKED_ARGS.dateUtc('venue')) date_utc?: string;
    @RestArg(LINKED_ARGS.name('venue', nameRequired)) venue?: string;
    @RestArg(LINKED_ARGS.description('venue')) description?: string | null;
    @RestArg(LINKED_ARGS.status('venue')) status?: string;
    @StringifyScalars()
    @RestArg(LINKED_ARGS.flag('Whether events linked to the venue should show a map or not'))
    show_map?: string | null;
    @StringifyScalars()
    @RestArg(LINKED_ARGS.flag('Whether events linked to the venue should show a map link or not'))
    show_map_link?: string | null;
    @RestArg(LINKED_ARGS.text('The venue address')) address?: string | null;
    @RestArg(LINKED_ARGS.text('The venue city')) city?: string | null;
    @RestArg(LINKED_ARGS.text('The venue country')) country?: string | null;
    @RestArg(LINKED_ARGS.text('The venue province')) province?: string | null;
    @RestArg(LINKED_ARGS.text('The venue state')) state?: string | null;
    @RestArg(LINKED_ARGS.text('The venue ZIP code')) zip?: string | null;
    @RestArg(LINKED_ARGS.text('The venue phone number')) phone?: string | null;
    @RestArg(LINKED_ARGS.text('The venue state and province')) stateprovince?: string | null;
    @RestArg(LINKED_ARGS.website('venue')) website?: string | null;
    @StringifyScalars('')
    @RestArg(LINKED_ARGS.image('venue'))
    image?: string | null;
    @RestArg(coordinate('latitude', 90, 'geo_lng')) geo_lat?: number;
    @RestArg(coordinate('longitude', 180, 'geo_lat')) geo_lng?: number;
  }
  return VenueArgs;
}

/** `POST /venues`: the name is required. */
export class VenueCreateArgs extends venueArgs(true) {}

/** `POST|PUT|PATCH /venues/{id}` and by-slug: every field optional. */
export class VenueUpdateArgs extends venueArgs(false) {}

/** `GET /venues`. */
export class VenueListArgs extends LinkedListArgs {}
