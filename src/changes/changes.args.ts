import { RestArg } from '../rest/params/rest-arg.decorator';

/** `GET /eca/v1/changes`. */
export class ChangeFeedArgs {
  @RestArg({ type: 'integer', description: 'Return the changes after this cursor (0: from the start of the log)', default: 0, minimum: 0 })
  after: number;

  @RestArg({ type: 'integer', description: 'The most changes to read from the log', default: 100, minimum: 1, maximum: 1000 })
  per_page: number;
}
