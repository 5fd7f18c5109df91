import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions, ApiSchema } from '@nestjs/swagger';

/** One property of a `/doc` component, as the plugin documents it (index-and-doc.md §2.1). */
export type DocSchema = Record<string, unknown>;

/** A `/doc` component (`components.schemas` entry). */
export interface DocComponent {
  type: 'object';
  properties: Record<string, DocSchema>;
}

const SCHEMA_NAME = Symbol('response-schema-name');
const DOC_PROPERTIES = Symbol('response-doc-properties');

/**
 * Names a response class: its component in `/doc` and in Swagger (`Event`, `Venue` …), whatever the
 * class is called.
 */
export function ResponseSchema(name: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(SCHEMA_NAME, name, target);
    ApiSchema({ name })(target);
  };
}

/**
 * A response key the plugin documents in `/doc`: `doc` is that exact JSON (kept in declaration order,
 * quirks included); Swagger gets the same unless `swagger` says what the payload really holds
 * (Quirks Q5, Q6, Q7: the plugin's declared types are not always the payload's).
 */
export function DocProperty(doc: DocSchema, swagger?: ApiPropertyOptions): PropertyDecorator {
  return (target, key) => {
    const owner = target.constructor;
    Reflect.defineMetadata(DOC_PROPERTIES, [...ownDocProperties(owner), [String(key), doc]], owner);
    ApiProperty(swagger ? { description: doc.description as string, ...swagger } : (doc as ApiPropertyOptions))(target, key);
  };
}

/** A response key the plugin's `/doc` leaves out (json_ld, custom_fields …): Swagger only, so `/doc` stays the plugin's. */
export function PayloadProperty(swagger: ApiPropertyOptions): PropertyDecorator {
  return ApiProperty(swagger);
}

function ownDocProperties(cls: object): [string, DocSchema][] {
  return (Reflect.getOwnMetadata(DOC_PROPERTIES, cls) as [string, DocSchema][] | undefined) ?? [];
}

/** The class's `/doc` properties, inherited ones first. */
function docProperties(cls: object): [string, DocSchema][] {
  const parent = Object.getPrototypeOf(cls) as object | null;
  return [...(parent && parent !== Function.prototype ? docProperties(parent) : []), ...ownDocProperties(cls)];
}

/** The component name of a response class (its @ResponseSchema, else the class name). */
export function schemaNameOf(cls: Type): string {
  return (Reflect.getMetadata(SCHEMA_NAME, cls) as string | undefined) ?? cls.name;
}

/** The `/doc` component of a response class, built from its @DocProperty declarations. */
export function docComponentOf(cls: Type): DocComponent {
  return { type: 'object', properties: Object.fromEntries(docProperties(cls)) };
}

const RESPONSE_BODY = Symbol('response-body');

/** What a handler answers besides its resource's record (`layout.schema`): a response class, or an array of them. */
export interface ResponseBodyDeclaration {
  type: Type;
  isArray: boolean;
}

/**
 * Declares the success body of a handler whose answer is not its collection's record (a feed, a
 * plain array, a sub-resource): Swagger documents that class instead.
 */
export function ResponseBody(type: Type, options: { isArray?: boolean } = {}): MethodDecorator {
  return (target, key, descriptor) => {
    Reflect.defineMetadata(RESPONSE_BODY, { type, isArray: options.isArray ?? false }, descriptor.value as object);
  };
}

export function responseBodyOf(handler: object): ResponseBodyDeclaration | undefined {
  return Reflect.getMetadata(RESPONSE_BODY, handler) as ResponseBodyDeclaration | undefined;
}
