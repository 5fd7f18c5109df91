import type { DescribeContext } from '../discovery/namespace-index';
import type { Endpoint } from '../discovery/route-table';
import type { ArgSpec } from '../rest/params/rest-arg.decorator';

/** A JSON Schema (the subset tools' input schemas use). */
export type JsonSchema = Record<string, unknown>;

/** One type per schema (clients mapping schemas onto a single-`type` dialect refuse type lists). */
const UNTYPED_ITEMS = { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'object' }] };

/**
 * One argument as JSON Schema, from its @RestArg declaration: the type it is validated as (not the one
 * the plugin documents, where they differ: an assistant should send what is accepted), the description
 * in the request's language, enum, bounds and the default the index shows. Items without a declared
 * type are IDs, slugs, names or inline records: the argument's own check says which pass.
 */
export function argSchema(spec: ArgSpec, ctx: DescribeContext): JsonSchema {
  const values = spec.enum ? { enum: [...spec.enum] } : {};
  const schema: JsonSchema =
    spec.type === 'array' ? { type: 'array', items: { ...(spec.items ? { type: spec.items } : UNTYPED_ITEMS), ...values } } : { type: spec.type, ...values };
  schema.description = ctx.t(spec.i18nKey, spec.description);
  const shown = spec.defaultAt ? spec.defaultAt(ctx.site) : spec.default;
  if (shown !== undefined && shown !== null) schema.default = shown;
  if (spec.minimum !== undefined) schema.minimum = spec.minimum;
  if (spec.maximum !== undefined) schema.maximum = spec.maximum;
  return schema;
}

/** A tool's input: the endpoint's arguments (path arguments first), required as the route requires them. */
export function inputSchema(endpoint: Endpoint, pathParams: string[], ctx: DescribeContext): JsonSchema {
  const required = endpoint.args.filter(({ name, spec }) => spec.required || pathParams.includes(name)).map(({ name }) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(endpoint.args.map(({ name, spec }) => [name, argSchema(spec, ctx)])),
    ...(required.length ? { required } : {}),
  };
}
