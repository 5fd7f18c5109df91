import { RestArg } from '../../rest/params/rest-arg.decorator';
import { nonNegativeInteger, notBlank, positiveInteger, termReferences } from '../../rest/params/arg-checks';

/**
 * How the namespace index shows these arguments (TEC's definitions): keyword order, no `order`/`orderby`
 * defaults, `hide_empty` defaulting to the string "1", ID lists documented as integer items without a
 * collection format.
 */
const LIST_PAGING = ['default', 'description', 'type'] as const;
const LIST_FILTER = ['description', 'type'] as const;
const ID_LIST = { docItems: 'integer', docStyle: null, indexKeys: ['description', 'items'] } as const;

/** `GET /categories`, `GET /tags` (terms.md §7.1). Existence checks (terms, events) happen in the service. */
export class TermListArgs {
  @RestArg({ type: 'integer', description: 'The archive page to return.', default: 1, validate: positiveInteger, indexKeys: LIST_PAGING })
  page: number;

  @RestArg({
    type: 'integer',
    description: 'The number of terms to return on each page.',
    validate: positiveInteger,
    defaultAt: (site) => site.perPage,
    indexKeys: LIST_PAGING,
  })
  per_page?: number;

  @RestArg({ type: 'string', description: 'Limit results to terms whose name or slug contains this string.', validate: notBlank, indexKeys: LIST_FILTER })
  search?: string;

  @RestArg({ type: 'array', commaList: true, description: 'Exclude these term IDs.', validate: termReferences, ...ID_LIST })
  exclude?: (string | number)[];

  @RestArg({ type: 'array', commaList: true, description: 'Only return these term IDs.', validate: termReferences, ...ID_LIST })
  include?: (string | number)[];

  @RestArg({ type: 'string', description: 'Sort direction: asc or desc.', default: 'asc', validate: notBlank, indexKeys: LIST_FILTER })
  order: string;

  @RestArg({ type: 'string', description: 'Sort terms by this attribute.', default: 'name', validate: notBlank, indexKeys: LIST_FILTER })
  orderby: string;

  @RestArg({
    type: 'boolean',
    description: 'Whether to hide terms not assigned to any published event.',
    default: true,
    defaultAt: () => '1',
    indexKeys: ['description', 'type', 'default'],
  })
  hide_empty: boolean;

  @RestArg({ type: 'integer', description: 'Only return the terms of this event.', validate: nonNegativeInteger, indexKeys: LIST_FILTER })
  post?: number;

  @RestArg({
    type: 'integer',
    description: 'Only return the terms of this event (alias of post; wins over it).',
    validate: nonNegativeInteger,
    indexKeys: LIST_FILTER,
  })
  event?: number;

  @RestArg({ type: 'string', description: 'Only return the term with this slug.', validate: notBlank, indexKeys: LIST_FILTER })
  slug?: string;
}

/** Categories also filter by parent; `0` lists top-level categories (Quirk Q34, DEVIATE). */
export class HierarchicalTermListArgs extends TermListArgs {
  @RestArg({
    type: 'integer',
    description: 'Only return the direct children of this category (0: top level).',
    validate: nonNegativeInteger,
    indexKeys: LIST_FILTER,
    before: 'post',
  })
  parent?: number;
}
