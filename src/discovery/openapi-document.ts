import { ArgSpec, docTypeOf } from '../rest/params/rest-arg.decorator';
import { DELETE_STATUSES, DOCUMENTED_IN_PATH, layoutOf, LIST_STATUSES } from '../resources/collection-layout';
import { docSchemas } from './doc-schemas';
import { DOC_TEXTS, DocTextKey } from './doc-texts';
import { DescribeContext } from './namespace-index';
import { Endpoint, Route, RouteArg } from './route-table';

type Operation = 'doc' | 'list' | 'get' | 'post' | 'delete';

function text(ctx: DescribeContext, key: DocTextKey): string {
  return ctx.t(key, DOC_TEXTS[key]);
}

function schemaOf(spec: ArgSpec): Record<string, unknown> {
  const type = docTypeOf(spec);
  return type === 'array' ? { type, items: { type: spec.docItems ?? spec.items ?? 'string' } } : { type };
}

/** A parameter object (index-and-doc.md §2.2): `style` for comma lists, never `explode`. */
function parameter({ name, spec }: RouteArg, route: Route, ctx: DescribeContext) {
  const inPath = route.pathParams.includes(name) || DOCUMENTED_IN_PATH.has(name);
  const style = spec.docStyle !== undefined ? spec.docStyle : spec.commaList ? 'form' : null;
  return {
    in: inPath ? 'path' : 'query',
    schema: schemaOf(spec),
    description: ctx.t(spec.i18nKey, spec.description),
    required: spec.required ?? false,
    name,
    ...(style ? { style } : {}),
  };
}

function requestBody(args: RouteArg[], ctx: DescribeContext) {
  const properties = Object.fromEntries(args.map(({ name, spec }) => [name, { description: ctx.t(spec.i18nKey, spec.description), ...schemaOf(spec) }]));
  return { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } } };
}

function responses(operation: Operation, statuses: readonly number[], route: Route, ctx: DescribeContext) {
  const schema = layoutOf(route.resource).schema;
  return Object.fromEntries(
    statuses.map((status) => {
      const description = text(ctx, `doc.responses.${operation}.${status}` as DocTextKey);
      if (!schema || (status !== 200 && status !== 201) || operation === 'doc') return [String(status), { description }];
      const body =
        operation === 'list'
          ? { title: route.group, type: 'array', items: { $ref: `#/components/schemas/${schema}` } }
          : { $ref: `#/components/schemas/${schema}` };
      return [String(status), { description, content: { 'application/json': { schema: body } } }];
    }),
  );
}

function withParameters(parameters: unknown[], rest: Record<string, unknown>) {
  return parameters.length ? { parameters, ...rest } : rest;
}

/** The operations of one path, as the plugin documents them (creates under the record path's `post`, Q39). */
function operations(route: Route, ctx: DescribeContext): Record<string, unknown> {
  const find = (kind: (e: Endpoint) => boolean) => route.endpoints.find(kind);
  const get = find((e) => e.methods.includes('GET'));
  if (route.pathParams.length === 0) {
    if (!get) return {};
    if (!get.list) return { get: { responses: responses('doc', [200], route, ctx) } };
    return {
      get: withParameters(
        get.args.map((a) => parameter(a, route, ctx)),
        { responses: responses('list', LIST_STATUSES, route, ctx) },
      ),
    };
  }
  const layout = layoutOf(route.resource);
  const readParameters = (get?.args ?? []).map((a) => parameter(a, route, ctx));
  const ops: Record<string, unknown> = {};
  if (get) ops.get = withParameters(readParameters, { responses: responses('get', layout.getStatuses, route, ctx) });
  const update = find((e) => e.methods.includes('POST'));
  if (update) {
    const body = update.dtoArgs.filter(({ name }) => !DOCUMENTED_IN_PATH.has(name));
    const readArgs = layout.bodyWithReadArgs ? (get?.args ?? []).filter(({ name }) => !body.some((b) => b.name === name)) : [];
    ops.post = withParameters(readParameters, {
      requestBody: requestBody([...readArgs, ...body], ctx),
      responses: responses('post', layout.postStatuses, route, ctx),
    });
  }
  const remove = find((e) => e.methods.includes('DELETE'));
  if (remove) {
    ops.delete = withParameters(
      remove.args.map((a) => parameter(a, route, ctx)),
      { responses: responses('delete', DELETE_STATUSES, route, ctx) },
    );
  }
  return ops;
}

/** `GET /doc` (index-and-doc.md §2): the OpenAPI 3.0 document, generated from the route table. */
export function openApiDocument(routes: Route[], ctx: DescribeContext, restBase: string) {
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    if (route.group === '') continue;
    const ops = operations(route, ctx);
    if (Object.keys(ops).length) paths[route.docPath] = ops;
  }
  return {
    openapi: '3.0.0',
    info: { version: '1.0.0', title: text(ctx, 'doc.title'), description: text(ctx, 'doc.description') },
    components: { schemas: docSchemas() },
    servers: [{ url: `${restBase}/` }],
    paths,
  };
}
