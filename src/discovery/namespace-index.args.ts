import { RestArg } from '../rest/params/rest-arg.decorator';

/** Arguments of `GET /tribe/events/v1` (WP core `get_namespace_index`); the index shows only their defaults. */
export class NamespaceIndexArgs {
  @RestArg({
    type: 'string',
    description: 'The namespace to describe',
    defaultAt: (site) => site.namespace,
    indexKeys: ['default'],
  })
  namespace?: string;

  // `help` would add route schemas; no route of this namespace has one, so it changes nothing.
  @RestArg({ type: 'string', description: 'The scope of the description', default: 'view', indexKeys: ['default'] })
  context: string;
}
