import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArgType, coerceScalar, CoercionFailure, toList } from './coerce';
import { validateRestArg } from './rest-arg.constraint';

/** JSON-Schema keywords of an argument definition as the namespace index shows them. */
export type IndexKeyword = 'default' | 'description' | 'type' | 'format' | 'items' | 'enum';

/** Types the OpenAPI documents (`/doc`, Swagger UI) may declare. */
export type DocType = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object';

/** Request-time facts a computed default may depend on (see `defaultAt`). */
export interface SiteFacts {
  now: Date;
  /** Site time zone string (formats.md §1.2). */
  timezone: string;
  /** The site's default page size, as the option stores it (index-and-doc.md §1: a JSON string). */
  perPage: string;
  /** This API's namespace, e.g. `tribe/events/v1`. */
  namespace: string;
}

/** Per-parameter description of a route argument, as WordPress registers `args` for a route. */
export interface ArgSpec {
  type: ArgType;
  /** English description; translations are looked up by `i18nKey` in the i18n catalogs. */
  description: string;
  /** Catalog key of the description; filled in by @RestArg as `<declaring DTO class>.<name>` unless given. */
  i18nKey?: string;
  required?: boolean;
  default?: unknown;
  enum?: readonly (string | number)[];
  /** Item type of an array argument. */
  items?: Exclude<ArgType, 'array' | 'object'>;
  /** Arrays also accept `a=1,2`. */
  commaList?: boolean;
  minimum?: number;
  maximum?: number;
  format?: string;
  /**
   * WordPress `validate_callback` run on the coerced value: return true when valid, a string saying
   * why not (arg-checks.ts `because`; a leading `{name}` stands for the parameter), `{code, message}`
   * for a detail entry, or false (a generic reason quoting the value).
   */
  validate?: (value: any, dto: any) => boolean | string | { code: string; message: string };
  /**
   * The plugin registers its own validate_callback for this argument: every failure (type included)
   * then carries its reason in `params` but no `details` entry, as WordPress reports such failures.
   */
  callbackValidated?: boolean;

  // How the plugin documents the argument, where that differs from what is validated (namespace index, /doc).
  /**
   * The default the index and /doc show, computed per request (the date window, the site's page size) or
   * applied by the handler itself; the validation pipe keeps applying `default` only.
   */
  defaultAt?: (site: SiteFacts) => unknown;
  /**
   * Keywords the index shows, in the plugin's definition order. Omitted: `type`, `default`, `description`,
   * `format`, `items`, `enum`, those declared (never `type` for arrays: the plugin declares only `items`).
   * A listed `default` without a declared one shows `null` (the plugin registers `'default' => null`).
   */
  indexKeys?: readonly IndexKeyword[];
  /** Item type the index and /doc declare for an array whose items are validated more loosely (IDs or slugs). */
  docItems?: Exclude<ArgType, 'array' | 'object'>;
  /** The type /doc declares when the plugin documents another one (its `swagger_type`). */
  docType?: DocType;
  /** /doc `style`; by default `form` for comma lists. `null`: none (the plugin declares no collection format). */
  docStyle?: 'form' | null;
  /** Registers the argument before another one inherited from a base DTO (the plugin's order). */
  before?: string;

  // What an assistant is shown (MCP input schemas), where the validated type says less than what is meant.
  /** The values the argument's own check accepts (shown as an `enum`; checked by `validate`, not by `enum`). */
  values?: readonly string[];
  /** An array-typed argument that means one item (an event's venue): shown as that one item. */
  single?: boolean;
}

const DEFAULT_INDEX_KEYS: readonly IndexKeyword[] = ['type', 'default', 'description', 'format', 'items', 'enum'];

/** The keywords the namespace index shows for an argument, in order. */
export function indexKeywordsOf(spec: ArgSpec): readonly IndexKeyword[] {
  if (spec.indexKeys) return spec.indexKeys;
  const declared: Record<IndexKeyword, boolean> = {
    type: spec.type !== 'array',
    default: spec.default !== undefined || spec.defaultAt !== undefined,
    description: true,
    format: spec.format !== undefined,
    items: (spec.docItems ?? spec.items) !== undefined,
    enum: spec.enum !== undefined,
  };
  return DEFAULT_INDEX_KEYS.filter((k) => declared[k]);
}

/** The type the OpenAPI documents declare for an argument. */
export function docTypeOf(spec: ArgSpec): DocType {
  return spec.docType ?? (spec.format === 'double' ? 'number' : spec.type);
}

const REGISTRY = Symbol('rest-args');

/** Argument specs of a DTO class, in declaration order (used by the validation pipe and discovery). */
export function restArgsOf(dto: object): Map<string, ArgSpec> {
  return (Reflect.getMetadata(REGISTRY, dto) as Map<string, ArgSpec> | undefined) ?? new Map();
}

/** Coerces a raw request value to the declared type; a CoercionFailure marks a type error. */
export function coerceArg(spec: ArgSpec, raw: unknown): unknown {
  if (spec.type === 'array') {
    const list = toList(raw, spec.commaList ?? false);
    if (list instanceof CoercionFailure || !spec.items) return list;
    const items = list.map((item) => coerceScalar(item, spec.items!));
    return items.some((i) => i instanceof CoercionFailure) ? new CoercionFailure(raw, 'array') : items;
  }
  if (spec.type === 'object') {
    return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : new CoercionFailure(raw, 'object');
  }
  return coerceScalar(raw, spec.type);
}

/**
 * Declares one request argument: WordPress coercion (class-transformer), validation (class-validator),
 * the OpenAPI property (@nestjs/swagger) and the registry the namespace index is generated from —
 * one declaration, so the documentation cannot drift from what the route accepts.
 */
export function RestArg(spec: ArgSpec): PropertyDecorator {
  return (target: object, property: string | symbol) => {
    const name = String(property);
    const registered: ArgSpec = { ...spec, i18nKey: spec.i18nKey ?? `${target.constructor.name}.${name}` };
    const registry = new Map(restArgsOf(target.constructor));
    if (spec.before !== undefined && registry.has(spec.before)) {
      registry.delete(name);
      const entries = [...registry];
      entries.splice(
        entries.findIndex(([n]) => n === spec.before),
        0,
        [name, registered],
      );
      Reflect.defineMetadata(REGISTRY, new Map(entries), target.constructor);
    } else {
      // A re-declared argument keeps its inherited position (as a PHP array key does).
      registry.set(name, registered);
      Reflect.defineMetadata(REGISTRY, registry, target.constructor);
    }

    Transform(({ value }) => (value === undefined ? value : coerceArg(spec, value)))(target, name);
    validateRestArg(target, name, spec);
    ApiProperty({
      type: spec.type === 'object' ? Object : spec.type,
      items: spec.type === 'array' ? { type: spec.docItems ?? spec.items ?? 'string' } : undefined,
      required: spec.required ?? false,
      description: spec.description,
      default: spec.default,
      enum: spec.enum as (string | number)[] | undefined,
      minimum: spec.minimum,
      maximum: spec.maximum,
      format: spec.format,
    })(target, name);
  };
}
