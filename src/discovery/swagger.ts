import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiBody, ApiExcludeEndpoint, ApiOperation, ApiParam, ApiQuery, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { Request } from 'express';
import { I18nService } from '../i18n/i18n.service';
import { Translate, translator } from '../i18n/catalogs';
import { LANGUAGES } from '../i18n/languages';
import { restArgsOf } from '../rest/params/rest-arg.decorator';
import { acceptedSchema } from './accepted-schemas';
import { operationText } from './operation-texts';
import { DOC_TEXTS } from './doc-texts';
import { withExamples } from './swagger-examples';
import { decorateResponses, responseModels, responseTexts } from './swagger-responses';
import { withPathOrder, withTagOrder } from './swagger-tags';
import { RouteHandler, RouteTable } from './route-table';

export const SWAGGER_UI_PATH = 'docs';
export const SWAGGER_JSON_PATH = `/${SWAGGER_UI_PATH}-json`;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** @nestjs/swagger's metadata key of @ApiOperation (its constants are not exported). */
const API_OPERATION = 'swagger/apiOperation';

/** WordPress's global parameters, honoured on every route (docs/global-params.md). */
const GLOBAL_QUERY_PARAMS = [
  {
    name: '_fields',
    required: false,
    description: 'Only these keys of the answer, comma-separated; `a.b` is key b inside a (each item of a list).',
    schema: { type: 'string' as const },
  },
  {
    name: '_envelope',
    required: false,
    description: 'Answer 200 with {body, status, headers} instead of the real status and headers.',
    schema: { type: 'boolean' as const },
    allowEmptyValue: true,
  },
];

/** Swagger path of a handler, as @nestjs/swagger writes it (`/wp-json/.../venues/{id}`). */
const swaggerPath = (handler: RouteHandler) => handler.route.swaggerPath;

/**
 * Declares every handler's arguments to @nestjs/swagger from the same @RestArg metadata the validation
 * pipe uses (the handlers read them through @RestParams / @IdParam, which Swagger cannot see), and its
 * responses from the resource's declared response classes.
 */
function decorateHandlers(handlers: RouteHandler[]): void {
  for (const handler of handlers) {
    const descriptor = Object.getOwnPropertyDescriptor(handler.controller.prototype, handler.method)!;
    const decorate = (decorator: MethodDecorator) => decorator(handler.controller.prototype as object, handler.method, descriptor);
    const { endpoint, route } = handler;
    // PUT and PATCH do what POST does on an item path: documented once, on POST (operation-texts.ts).
    if ((handler.httpMethod === 'PUT' || handler.httpMethod === 'PATCH') && endpoint.methods.includes('POST')) {
      decorate(ApiExcludeEndpoint());
      continue;
    }
    const declared = Reflect.getMetadata(API_OPERATION, descriptor.value as object) as { summary?: string } | undefined;
    const text = operationText(handler);
    if (text && !declared?.summary) decorate(ApiOperation(text));
    decorateResponses(handler, decorate);
    for (const parameter of GLOBAL_QUERY_PARAMS) decorate(ApiQuery(parameter));
    for (const name of route.pathParams) {
      const spec = endpoint.args.find((a) => a.name === name)!.spec;
      decorate(ApiParam({ name, required: true, description: spec.description, schema: acceptedSchema(spec) }));
    }
    if (!endpoint.dto) continue;
    if (BODY_METHODS.has(handler.httpMethod)) {
      decorate(ApiBody({ type: endpoint.dto }));
    } else {
      for (const { name, spec } of endpoint.dtoArgs) {
        const schema = acceptedSchema(spec);
        // Lists go as WordPress reads them best: one comma-separated value (`categories=music,art`).
        const style = schema.type === 'array' ? { style: 'form' as const, explode: false } : {};
        decorate(ApiQuery({ name, required: spec.required ?? false, description: spec.description, schema, ...style }));
      }
    }
  }
}

type SwaggerOperation = { parameters?: { name: string; description?: string }[]; responses?: Record<string, { description?: string }> };

/** Swaps every argument and response description of the document for its translation. */
function translated(document: OpenAPIObject, handlers: RouteHandler[], t: Translate): OpenAPIObject {
  const copy = JSON.parse(JSON.stringify(document)) as OpenAPIObject;
  const dtos = new Map(handlers.filter((h) => h.endpoint.dto).map((h) => [h.endpoint.dto!.name, h.endpoint.dto!]));
  for (const handler of handlers) {
    const operation = (copy.paths[swaggerPath(handler)] as Record<string, SwaggerOperation> | undefined)?.[handler.httpMethod.toLowerCase()];
    for (const parameter of operation?.parameters ?? []) {
      const spec = handler.endpoint.args.find((a) => a.name === parameter.name)?.spec;
      if (spec) parameter.description = t(spec.i18nKey, spec.description);
    }
    const textKey = responseTexts(handler);
    for (const [status, response] of Object.entries(operation?.responses ?? {})) {
      const key = textKey(Number(status));
      if (key) response.description = t(key, DOC_TEXTS[key]);
    }
  }
  for (const [name, schema] of Object.entries(copy.components?.schemas ?? {})) {
    const dto = dtos.get(name);
    const properties = (schema as { properties?: Record<string, { description?: string }> }).properties ?? {};
    if (!dto) continue;
    for (const [property, spec] of restArgsOf(dto)) if (properties[property]) properties[property].description = t(spec.i18nKey, spec.description);
  }
  copy.info.title = t('doc.title', DOC_TEXTS['doc.title']);
  copy.info.description = t('doc.description', DOC_TEXTS['doc.description']);
  return copy;
}

/**
 * Request bodies documented with what the API accepts (accepted-schemas.ts) instead of the types the
 * DTOs declare for the plugin-faithful namespace index; descriptions are kept.
 */
function withAcceptedBodies(document: OpenAPIObject, handlers: RouteHandler[]): OpenAPIObject {
  const dtos = new Map(handlers.filter((h) => h.endpoint.dto).map((h) => [h.endpoint.dto!.name, h.endpoint.dto!]));
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    const dto = dtos.get(name);
    const properties = (schema as { properties?: Record<string, Record<string, unknown>> }).properties;
    if (!dto || !properties) continue;
    for (const [property, spec] of restArgsOf(dto)) {
      if (properties[property]) properties[property] = { description: properties[property].description, ...acceptedSchema(spec) };
    }
  }
  return document;
}

/**
 * Swagger UI at /docs and its document at /docs-json, generated by @nestjs/swagger from the
 * controllers, with HTTP Basic (application passwords) so "Try it out" can write. Descriptions follow
 * the request language (Accept-Language) at /docs, and the prefix at /{lang}/docs (`/fr/docs`, its
 * document at `/fr/docs-json`), as the REST API's `/{lang}/wp-json`. Call before app.init() so the
 * routes precede Nest's 404.
 */
export function setupSwagger(app: NestExpressApplication): void {
  const table = app.get(RouteTable);
  const i18n = app.get(I18nService);
  decorateHandlers(table.handlers());
  const config = new DocumentBuilder()
    .setTitle(DOC_TEXTS['doc.title'])
    .setDescription(DOC_TEXTS['doc.description'])
    .setVersion('1.0.0')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'WordPress user name and application password' }, 'basic')
    .addSecurityRequirements('basic')
    .build();
  const generated = SwaggerModule.createDocument(app, config, { extraModels: responseModels() });
  const document = withPathOrder(
    withTagOrder(withExamples(withAcceptedBodies(generated, table.handlers()), table.handlers()), table.handlers()),
    table.routes(),
  );
  const serve = (path: string, translate: (req: Request) => Promise<Translate>) =>
    SwaggerModule.setup(path, app, document, {
      jsonDocumentUrl: `/${path}-json`,
      raw: ['json'],
      customSiteTitle: DOC_TEXTS['doc.title'],
      swaggerOptions: { persistAuthorization: true },
      patchDocumentOnRequest: async <TRequest, TResponse>(req: TRequest, _res: TResponse, doc: OpenAPIObject) =>
        translated(doc, table.handlers(), await translate(req as unknown as Request)),
    });
  serve(SWAGGER_UI_PATH, (req) => i18n.translatorFor(req));
  for (const language of LANGUAGES) serve(`${language}/${SWAGGER_UI_PATH}`, async () => translator(language));
}
