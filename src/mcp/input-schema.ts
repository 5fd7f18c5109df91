import type { DescribeContext } from '../discovery/namespace-index';
import type { Endpoint } from '../discovery/route-table';
import type { ArgSpec } from '../rest/params/rest-arg.decorator';

/** A JSON Schema (the subset tools' input schemas use). */
export type JsonSchema = Record<string, unknown>;

/** One type per schema (clients mapping schemas onto a single-`type` dialect refuse type lists). */
const UNTYPED_ITEMS = { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'object' }] };

/** The arguments every tool takes besides the endpoint's own: they choose the answer's shape, never the request. */
export const VIEW_ARGS = {
  /** The REST API's `_fields`, sent as is: the answer is the API's JSON cut down to these keys. */
  fields: '_fields',
  /** The whole record(s) as the REST API answers them instead of the summary. */
  full: 'full',
} as const;

/** Described once, in the server's instructions and in every summarized answer (not 46 times over). */
const VIEW_SCHEMAS = { [VIEW_ARGS.fields]: { type: 'string' }, [VIEW_ARGS.full]: { type: 'boolean' } };

/** The type an item of an array argument is shown with: its declared one, else any the argument's check may take. */
const itemSchema = (spec: ArgSpec) => (spec.items ? { type: spec.items } : UNTYPED_ITEMS);

/**
 * One argument as JSON Schema, from its @RestArg declaration: the type it is validated as (not the one
 * the plugin documents, where they differ: an assistant should send what is accepted), one item where one
 * is meant (`single`), the values its check accepts (`values`, `enum`), bounds and the default the index
 * shows; the description in the request's language unless `bare` (a variant of a tool described in full).
 */
export function argSchema(spec: ArgSpec, ctx: DescribeContext, bare = false): JsonSchema {
  const accepted = spec.enum ?? spec.values;
  const values = accepted ? { enum: [...accepted] } : {};
  const schema: JsonSchema =
    spec.type !== 'array'
      ? { type: spec.type, ...values }
      : spec.single
        ? { ...itemSchema(spec), ...values }
        : { type: 'array', items: { ...itemSchema(spec), ...values } };
  if (!bare) schema.description = ctx.t(spec.i18nKey, spec.description);
  const shown = spec.defaultAt ? spec.defaultAt(ctx.site) : spec.default;
  if (shown !== undefined && shown !== null && !bare) schema.default = shown;
  if (spec.minimum !== undefined) schema.minimum = spec.minimum;
  if (spec.maximum !== undefined) schema.maximum = spec.maximum;
  return schema;
}

/** What an input schema is built from: the endpoint, its path arguments, and how much to say. */
export interface InputSchemaOptions {
  /** A variant of another tool (by slug): the arguments without their descriptions (the other tool has them). */
  bare: boolean;
  /** The tool answers records an assistant gets a summary of (`full` is then declared). */
  summarized: boolean;
}

/**
 * A tool's input: the endpoint's arguments (path arguments first), required as the route requires them,
 * then `_fields` (and `full` where answers are summarized). Nothing else reaches the request
 * (tool-call.ts refuses any other name), so the schema is the whole of what a call may send.
 */
export function inputSchema(endpoint: Endpoint, pathParams: string[], ctx: DescribeContext, options: InputSchemaOptions): JsonSchema {
  const required = endpoint.args.filter(({ name, spec }) => spec.required || pathParams.includes(name)).map(({ name }) => name);
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(endpoint.args.map(({ name, spec }) => [name, argSchema(spec, ctx, options.bare && !pathParams.includes(name))])),
      [VIEW_ARGS.fields]: VIEW_SCHEMAS[VIEW_ARGS.fields],
      ...(options.summarized ? { [VIEW_ARGS.full]: VIEW_SCHEMAS[VIEW_ARGS.full] } : {}),
    },
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}
