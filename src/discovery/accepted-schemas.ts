import type { ArgSpec } from '../rest/params/rest-arg.decorator';

const IMAGE = {
  oneOf: [
    { type: 'integer', description: 'An attachment ID' },
    { type: 'string', format: 'uri', description: 'An image URL' },
  ],
};
const ID_OR_SLUG = { oneOf: [{ type: 'integer' }, { type: 'string' }] };
const LINKED = { oneOf: [{ type: 'integer' }, { type: 'object', description: '`{"id": …}`, or the fields of a record to create' }] };
const STATUS_LIST = {
  oneOf: [
    { type: 'string', description: 'One status or a comma list' },
    { type: 'array', items: { type: 'string' } },
  ],
};

/**
 * What Swagger documents for the arguments whose accepted input is wider than the type the plugin
 * documents (the namespace index and /doc keep the plugin's, index-and-doc.md): keyed by the
 * argument's catalog key (`Class.name`).
 */
const ACCEPTED: Record<string, Record<string, unknown>> = {
  'EventListArgs.categories': { type: 'array', items: ID_OR_SLUG },
  'EventListArgs.tags': { type: 'array', items: ID_OR_SLUG },
  'EventListArgs.status': STATUS_LIST,
  // No `default` here: Swagger UI sends defaults, and a radius without its centre is refused (the
  // description gives the default).
  'EventListArgs.geoloc_radius': { type: 'number', minimum: 0 },
  'LinkedListArgs.status': STATUS_LIST,
  'EventWriteArgs.categories': {
    type: 'array',
    items: { oneOf: [{ type: 'integer' }, { type: 'string', description: 'A slug, or the name of a term to create' }] },
  },
  'EventWriteArgs.tags': { type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'string', description: 'A slug, or the name of a term to create' }] } },
  'EventWriteArgs.venue': { oneOf: [LINKED.oneOf[0], LINKED.oneOf[1], { type: 'array', items: LINKED }] },
  'EventWriteArgs.organizer': { oneOf: [LINKED.oneOf[0], LINKED.oneOf[1], { type: 'array', items: LINKED }] },
  'EventWriteArgs.image': IMAGE,
  'VenueArgs.image': IMAGE,
  'OrganizerArgs.image': IMAGE,
  'EventWriteArgs.cost': { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } }] },
};

/** The Swagger schema of an argument: what the API accepts — as ACCEPTED gives it, else from its spec. */
export function acceptedSchema(spec: ArgSpec): Record<string, unknown> {
  const accepted = spec.i18nKey ? ACCEPTED[spec.i18nKey] : undefined;
  if (accepted) return { ...accepted };
  const schema: Record<string, unknown> =
    spec.type === 'array'
      ? { type: 'array', items: { type: spec.items ?? spec.docItems ?? 'string' } }
      : { type: spec.format === 'double' ? 'number' : spec.type === 'object' ? 'object' : spec.type };
  if (spec.enum) schema.enum = [...spec.enum];
  if (spec.default !== undefined && spec.default !== null) schema.default = spec.default;
  if (spec.minimum !== undefined) schema.minimum = spec.minimum;
  if (spec.maximum !== undefined) schema.maximum = spec.maximum;
  return schema;
}
