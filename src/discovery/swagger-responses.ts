import type { Type } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { PAGINATED, PaginatedOptions } from '../resources/pagination.interceptor';
import { responseBodyOf } from '../rest/responses/response-schema';
import { RestErrorResponse } from '../rest/responses/rest-error.response';
import { DELETE_STATUSES, layoutOf, LIST_STATUSES } from '../resources/collection-layout';
import { declaredSchemas } from './doc-schemas';
import { DOC_TEXTS, DocTextKey } from './doc-texts';
import { RouteHandler } from './route-table';

type Operation = 'index' | 'doc' | 'list' | 'get' | 'post' | 'delete';

function operationOf({ route, endpoint, httpMethod }: RouteHandler): Operation {
  if (route.group === '') return 'index';
  if (route.group === 'doc') return 'doc';
  if (endpoint.list) return 'list';
  return httpMethod === 'GET' ? 'get' : httpMethod === 'DELETE' ? 'delete' : 'post';
}

/** The /doc text of a response, when /doc documents that status for the operation (doc-texts.ts). */
function responseTextKey(operation: Operation, status: number): DocTextKey | undefined {
  const key = `doc.responses.${operation}.${status}`;
  return key in DOC_TEXTS ? (key as DocTextKey) : undefined;
}

/** The statuses /doc documents for the operation (collection-layout.ts): the error ones are Swagger's too. */
function layoutStatuses(operation: Operation, handler: RouteHandler): readonly number[] {
  const layout = layoutOf(handler.route.resource);
  return { index: [], doc: [], list: LIST_STATUSES, get: layout.getStatuses, post: layout.postStatuses, delete: DELETE_STATUSES }[operation];
}

/** The WordPress list envelope of a post or term list (lists-and-filters.md §1.2). */
function listEnvelope(collection: string, record: Type) {
  return {
    type: 'object',
    properties: {
      [collection]: { type: 'array', items: { $ref: getSchemaPath(record) } },
      rest_url: { type: 'string', description: 'This page' },
      next_rest_url: { type: 'string', description: 'The next page, when there is one' },
      previous_rest_url: { type: 'string', description: 'The previous page, when there is one' },
      total: { type: 'integer', description: 'Records matching every filter' },
      total_pages: { type: 'integer', description: 'Pages of this size' },
    },
    required: [collection, 'rest_url', 'total', 'total_pages'],
  };
}

function successSchema(handler: RouteHandler, operation: Operation, handlerFn: object): Record<string, unknown> | undefined {
  const declared = responseBodyOf(handlerFn);
  if (declared) return declared.isArray ? { type: 'array', items: { $ref: getSchemaPath(declared.type) } } : { $ref: getSchemaPath(declared.type) };
  if (operation === 'index' || operation === 'doc') return { type: 'object' };
  const name = layoutOf(handler.route.resource).schema;
  const record = name ? declaredSchemas().get(name) : undefined;
  if (!record) return undefined;
  if (operation !== 'list') return { $ref: getSchemaPath(record) };
  return listEnvelope((Reflect.getMetadata(PAGINATED, handlerFn) as PaginatedOptions).collection, record);
}

/**
 * Declares a handler's responses to @nestjs/swagger: the status it answers with and the record (or list
 * envelope) of its resource's declared response class, then the error statuses /doc documents for the
 * operation, with the WordPress error shape.
 */
export function decorateResponses(handler: RouteHandler, decorate: (decorator: MethodDecorator) => void): void {
  const handlerFn = (handler.controller.prototype as Record<string, object>)[handler.method];
  const operation = operationOf(handler);
  const success = (Reflect.getMetadata(HTTP_CODE_METADATA, handlerFn) as number | undefined) ?? (handler.httpMethod === 'POST' ? 201 : 200);
  const text = (status: number) => {
    const key = responseTextKey(operation, status);
    return key ? DOC_TEXTS[key] : '';
  };
  let schema = successSchema(handler, operation, handlerFn);
  // A post's DELETE with force=true answers WordPress core's `{deleted, previous}` (docs/trash-and-images.md).
  if (operation === 'delete' && schema && handler.route.resource?.docs?.deletion === 'trash') {
    schema = {
      oneOf: [schema, { type: 'object', properties: { deleted: { type: 'boolean', enum: [true] }, previous: schema }, required: ['deleted', 'previous'] }],
    };
  }
  decorate(ApiResponse({ status: success, description: text(success), ...(schema ? { schema } : {}) }));
  const docs = handler.route.resource?.docs;
  const errors = new Set(layoutStatuses(operation, handler).filter((s) => s >= 400));
  // Writes answer 401 to anonymous callers (403 to authenticated ones without the right), which /doc leaves out.
  if (operation === 'post' || operation === 'delete' || docs?.readsNeedLogin) errors.add(401);
  // Only records with a trash answer 410 (already in it).
  if (docs?.deletion === 'delete') errors.delete(410);
  for (const status of [...errors].sort((a, b) => a - b)) {
    decorate(ApiResponse({ status, description: text(status) || ERROR_TEXTS[status] || 'Error', type: RestErrorResponse }));
  }
}

/** Descriptions of the error statuses /doc does not document for an operation. */
const ERROR_TEXTS: Record<number, string> = {
  401: 'No credentials, or wrong ones: an application password (HTTP Basic) is needed',
  403: 'The caller may not do this',
  404: 'No record matches',
};

/** The response classes Swagger must know besides those it reaches through handlers (referenced by `$ref`). */
export function responseModels(): Type[] {
  return [...declaredSchemas().values(), RestErrorResponse];
}

/** The operation of a handler and the /doc text key of each status (for the per-language document). */
export function responseTexts(handler: RouteHandler): (status: number) => DocTextKey | undefined {
  const operation = operationOf(handler);
  return (status) => responseTextKey(operation, status);
}
