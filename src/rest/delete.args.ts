import { ArgSpec, RestArg } from './params/rest-arg.decorator';

/**
 * `force` on the DELETE routes of events, venues and organizers: the service's addition
 * (docs/decisions.md, revising quirk Q46): `true` deletes the record for good, as WordPress core's
 * `force` does, instead of moving it to the trash.
 */
export const FORCE_ARG: ArgSpec = {
  type: 'boolean',
  default: false,
  description: 'Whether to bypass the trash and delete the record for good',
  i18nKey: 'DeleteArgs.force',
};

/** The arguments of a DELETE route that has no others. */
export class DeleteArgs {
  @RestArg(FORCE_ARG)
  force?: boolean;
}
