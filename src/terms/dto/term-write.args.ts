import { RestArg } from '../../rest/params/rest-arg.decorator';
import { sanitizeTermName } from '../../wordpress/term-sanitize';
import { nonEmptyString } from './arg-checks';

/**
 * A name WordPress can store: something must remain after its sanitising and it must fit `terms.name`
 * (varchar 200). TEC answers 500 in both cases; the project reports the parameter.
 */
const storableName = (value: string) => {
  const stored = [...sanitizeTermName(value)].length;
  return stored > 0 && stored <= 200;
};

/** `POST /categories`, `POST /tags` (terms.md §4). */
export class TermCreateArgs {
  @RestArg({ type: 'string', description: 'The term name.', required: true, validate: storableName })
  name: string;

  @RestArg({ type: 'string', description: 'The term description.', validate: nonEmptyString })
  description?: string;

  @RestArg({ type: 'string', description: 'The term slug (default: derived from the name).', validate: nonEmptyString })
  slug?: string;
}

/** Update: the same fields, all optional (terms.md §5). */
export class TermUpdateArgs {
  @RestArg({ type: 'string', description: 'The term name.', validate: storableName })
  name?: string;

  @RestArg({ type: 'string', description: 'The term description.', validate: nonEmptyString })
  description?: string;

  @RestArg({ type: 'string', description: 'The term slug.', validate: nonEmptyString })
  slug?: string;
}

const parentSpec = { type: 'integer', description: 'The parent category ID (0: top level).' } as const;

export class HierarchicalTermCreateArgs extends TermCreateArgs {
  @RestArg(parentSpec)
  parent?: number;
}

export class HierarchicalTermUpdateArgs extends TermUpdateArgs {
  @RestArg(parentSpec)
  parent?: number;
}
