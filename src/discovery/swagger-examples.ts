import type { OpenAPIObject } from '@nestjs/swagger';
import { RouteHandler } from './route-table';

/**
 * The example `{id}`: a placeholder for the ID of a record of the caller's (on a fresh site, the first
 * record created, e.g. with the create example).
 */
const EXAMPLE_ID = 1;

type Parameter = { in: string; name: string; example?: unknown };
type SwaggerOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  'x-example-fetches-url'?: true;
};

/**
 * Gives each operation of a resource the examples Swagger UI's "Try it out" starts with (its
 * `docs.examples`): the create body on its create and update operations — without one, Swagger UI
 * made up a body from the types (`"date": "string"`) that the API refused — and its path parameters.
 */
export function withExamples(document: OpenAPIObject, handlers: RouteHandler[]): OpenAPIObject {
  for (const handler of handlers) {
    const examples = handler.route.resource?.docs?.examples;
    const operation = (document.paths[handler.route.swaggerPath] as Record<string, SwaggerOperation> | undefined)?.[handler.httpMethod.toLowerCase()];
    if (!examples || !operation) continue;
    for (const media of Object.values(operation.requestBody?.content ?? {})) media.example = examples.create;
    if (examples.fetchesUrl && operation.requestBody) operation['x-example-fetches-url'] = true;
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'path') continue;
      const example = parameter.name === 'id' ? EXAMPLE_ID : parameter.name === 'slug' ? examples.slug : undefined;
      if (example !== undefined) parameter.example = example;
    }
  }
  return document;
}
