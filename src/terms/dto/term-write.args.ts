import { RestArg } from '../../rest/params/rest-arg.decorator';
import { sanitizeTermName } from '../../wordpress/term-sanitize';
import { because, notBlank } from '../../rest/params/arg-checks';

/**
 * A name WordPress can store: something must remain after its sanitising and it must fit `terms.name`
 * (varchar 200). TEC answers 500 in both cases; the project reports the parameter.
 */
const storableName = because((value: string) => {
  const stored = [...sanitizeTermName(value)].length;
  return stored > 0 && stored <= 200;
}, 'must keep 1 to 200 characters once sanitized');

/** `POST /categories`, `POST /tags` (terms.md §4). */
export class TermCreateArgs {
  @RestArg({ type: 'string', description: 'The term name.', required: true, validate: storableName })
  name: string;

  @RestArg({ type: 'string', description: 'The term description.', validate: notBlank })
  description?: string;

  @RestArg({ type: 'string', description: 'The term slug (default: derived from the name).', validate: notBlank })
  slug?: string;
}

/** Update: the same fields, all optional (terms.md §5). */
export class TermUpdateArgs {
  @RestArg({ type: 'string', description: 'The term name.', validate: storableName })
  name?: string;

  @RestArg({ type: 'string', description: 'The term description.', validate: notBlank })
  description?: string;

  @RestArg({ type: 'string', description: 'The term slug.', validate: notBlank })
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
