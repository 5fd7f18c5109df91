import { FORCE_ARG } from '../../rest/delete.args';
import { RestArg } from '../../rest/params/rest-arg.decorator';
import { EventReadArgs } from '../read/event-read.args';

/** `DELETE /events/{id}`: the plugin's `password` (declared, unused) and the service's `force`. */
export class EventDeleteArgs extends EventReadArgs {
  @RestArg(FORCE_ARG)
  force?: boolean;
}
