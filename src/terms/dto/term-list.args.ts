import { RestArg } from '../../rest/params/rest-arg.decorator';
import { nonEmptyString, nonNegativeInteger, positiveInteger, termReferences } from './arg-checks';

/** `GET /categories`, `GET /tags` (terms.md §7.1). Existence checks (terms, events) happen in the service. */
export class TermListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return.', default: 1, validate: positiveInteger })
  page: number;

  @RestArg({ type: 'integer', description: 'The number of terms to return on each page.', validate: positiveInteger })
  per_page?: number;

  @RestArg({ type: 'string', description: 'Limit results to terms whose name or slug contains this string.', validate: nonEmptyString })
  search?: string;

  @RestArg({ type: 'array', commaList: true, description: 'Exclude these term IDs.', validate: termReferences })
  exclude?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Only return these term IDs.', validate: termReferences })
  include?: (string | number)[];

  @RestArg({ type: 'string', description: 'Sort direction: asc or desc.', default: 'asc', validate: nonEmptyString })
  order: string;

  @RestArg({ type: 'string', description: 'Sort terms by this attribute.', default: 'name', validate: nonEmptyString })
  orderby: string;

  @RestArg({ type: 'boolean', description: 'Whether to hide terms not assigned to any published event.', default: true })
  hide_empty: boolean;

  @RestArg({ type: 'integer', description: 'Only return the terms of this event.', validate: nonNegativeInteger })
  post?: number;

  @RestArg({ type: 'integer', description: 'Only return the terms of this event (alias of post; wins over it).', validate: nonNegativeInteger })
  event?: number;

  @RestArg({ type: 'string', description: 'Only return the term with this slug.', validate: nonEmptyString })
  slug?: string;
}

/** Categories also filter by parent; `0` lists top-level categories (Quirk Q34, DEVIATE). */
export class HierarchicalTermListArgs extends TermListArgs {
  @RestArg({ type: 'integer', description: 'Only return the direct children of this category (0: top level).', validate: nonNegativeInteger })
  parent?: number;
}
