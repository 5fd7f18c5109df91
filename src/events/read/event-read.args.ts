import { notEmpty } from '../../rest/params/arg-checks';
import { RestArg } from '../../rest/params/rest-arg.decorator';

/** `GET /events/{id}` besides the path `id` (events.md §2.1): the read password of a protected event. */
export class EventReadArgs {
  @RestArg({ type: 'string', description: 'The password of a password-protected event', validate: notEmpty, callbackValidated: true })
  password?: string;
}
