import { RestArg } from '../rest/params/rest-arg.decorator';
import { LINKED_ARGS, StringifyScalars, LinkedListArgs } from '../linked-posts';

/** TEC registers these organizer arguments with `'default' => null`: the index shows it, nothing applies it. */
const NULL_DEFAULT = ['type', 'default', 'description'] as const;

/** Organizer write parameters (`Single_Organizer::CREATE_args`, venues-organizers.md §4.6), in TEC's order. */
function organizerArgs(nameRequired: boolean) {
  class OrganizerArgs {
    @RestArg({ ...LINKED_ARGS.author('organizer'), indexKeys: NULL_DEFAULT }) author?: number;
    @RestArg({ ...LINKED_ARGS.date('organizer'), indexKeys: NULL_DEFAULT }) date?: string;
    @RestArg({ ...LINKED_ARGS.dateUtc('organizer'), indexKeys: NULL_DEFAULT }) date_utc?: string;
    @RestArg({ ...LINKED_ARGS.name('organizer', nameRequired), indexKeys: NULL_DEFAULT }) organizer?: string;
    @RestArg(LINKED_ARGS.description('organizer')) description?: string | null;
    @RestArg({ ...LINKED_ARGS.status('organizer'), indexKeys: NULL_DEFAULT }) status?: string;
    @RestArg(LINKED_ARGS.text('The organizer phone number')) phone?: string | null;
    @RestArg(LINKED_ARGS.website('organizer')) website?: string | null;
    // Q56 COPY: no e-mail format check.
    @RestArg(LINKED_ARGS.text('The organizer e-mail address')) email?: string | null;
    @StringifyScalars('')
    @RestArg(LINKED_ARGS.image('organizer'))
    image?: string | null;
  }
  return OrganizerArgs;
}

/** `POST /organizers`: the name is required. */
export class OrganizerCreateArgs extends organizerArgs(true) {}

/** `POST|PUT|PATCH /organizers/{id}` and by-slug: every field optional. */
export class OrganizerUpdateArgs extends organizerArgs(false) {}

/** `GET /organizers`. */
export class OrganizerListArgs extends LinkedListArgs {}
