import { RestArg } from '../rest/params/rest-arg.decorator';
import { LINKED_ARGS, StringifyScalars } from '../linked-posts/args';
import { LinkedListArgs } from '../linked-posts/list-args';

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
  }
  return VenueArgs;
}

/** `POST /venues`: the name is required. */
export class VenueCreateArgs extends venueArgs(true) {}

/** `POST|PUT|PATCH /venues/{id}` and by-slug: every field optional. */
export class VenueUpdateArgs extends venueArgs(false) {}

/** `GET /venues`. */
export class VenueListArgs extends LinkedListArgs {}
