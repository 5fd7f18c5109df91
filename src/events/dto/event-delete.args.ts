import { DeleteArgs, FORCE_ARG } from '../../rest/delete.args';
import { RestArg } from '../../rest/params/rest-arg.decorator';
import { EventReadArgs } from '../read/event-read.args';
import { SCOPE_ARG, SeriesScope } from './series-scope.arg';

const DELETE_SCOPE_ARG = {
  ...SCOPE_ARG,
  enum: ['all'],
  description: 'For an occurrence of a series: "all" deletes the whole series (else the occurrence alone, left out of its series)',
  i18nKey: 'EventDeleteArgs.scope',
};

/** `DELETE /events/{id}`: the plugin's `password` (declared, unused), the service's `force` and a series' `scope` (`all`). */
export class EventDeleteArgs extends EventReadArgs {
  @RestArg(FORCE_ARG)
  force?: boolean;
  @RestArg(DELETE_SCOPE_ARG)
  scope?: SeriesScope;
}

/** `DELETE /events/by-slug/{slug}`: `force` and a series' `scope`. */
export class EventDeleteBySlugArgs extends DeleteArgs {
  @RestArg(DELETE_SCOPE_ARG)
  scope?: SeriesScope;
}
