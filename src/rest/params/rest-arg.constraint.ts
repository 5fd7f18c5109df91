import { registerDecorator, ValidationArguments, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { shownValue } from '../../reasons/shown-value';
import { CoercionFailure } from './coerce';
import type { ArgSpec } from './rest-arg.decorator';

/** A failure reported with its own `details` entry, as WordPress's schema validation does. */
export interface ArgFailureDetail {
  code: string;
  message: string;
  data?: unknown;
}

/** Why an argument was refused: the reason `data.params.{name}` gives, and its `details` entry if it has one. */
export interface ArgFailure {
  reason: string;
  detail?: Required<ArgFailureDetail>;
}

/**
 * The failures of each DTO instance under validation, recorded by the constraint as it checks and read
 * by the validation pipe. class-validator can only carry a message string (in which it also rewrites
 * `$value`/`$property`, so a client's value cannot travel there) and a `context` fixed per decorator,
 * so the structured verdict stays beside the instance; the instance is per request, so concurrent
 * validations never share an entry.
 */
const FAILURES = new WeakMap<object, Map<string, ArgFailure>>();

/** The recorded failures of a validated DTO instance, by argument name. */
export function argFailuresOf(instance: object): ReadonlyMap<string, ArgFailure> {
  return FAILURES.get(instance) ?? new Map();
}

/** One @RestArg's check, run once per value: WordPress's type, enum, range, then the argument's own validator. */
@ValidatorConstraint({ name: 'restArg' })
class RestArgConstraint implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    if (value === undefined) return true;
    const [spec] = args.constraints as [ArgSpec];
    const failure = checkArg(spec, args.property, value, args.object);
    if (!failure) return true;
    const failures = FAILURES.get(args.object) ?? new Map<string, ArgFailure>();
    FAILURES.set(args.object, failures.set(args.property, failure));
    return false;
  }

  /** class-validator's own message; the pipe reads the recorded failure instead. */
  defaultMessage(): string {
    return '$property is not valid.';
  }
}

/** Registers the check of one declared argument on its DTO property. */
export function validateRestArg(target: object, property: string, spec: ArgSpec): void {
  registerDecorator({ target: target.constructor, propertyName: property, constraints: [spec], validator: RestArgConstraint });
}

/**
 * Checks type, enum, minimum/maximum and the custom validator. Arguments the plugin checks with its own
 * validate_callback (`callbackValidated`) fail with their reason and no detail: WordPress gives such
 * failures no `details` entry (and the plugin a bare "Invalid parameter.", which says nothing; issue #18).
 */
function checkArg(spec: ArgSpec, name: string, value: unknown, dto: object): ArgFailure | undefined {
  const verdict = schemaVerdict(spec, name, value, dto);
  if (verdict === true) return undefined;
  if (typeof verdict === 'string') return { reason: named(verdict, name) };
  const reason = named(verdict.message, name);
  return spec.callbackValidated ? { reason } : { reason, detail: { code: verdict.code, message: reason, data: verdict.data ?? null } };
}

/** `{name}` opening a reason stands for the parameter; a client's value quoted later is left as sent. */
function named(reason: string, name: string): string {
  return reason.startsWith('{name}') ? name + reason.slice('{name}'.length) : reason;
}

function schemaVerdict(spec: ArgSpec, name: string, value: unknown, dto: object): true | string | ArgFailureDetail {
  if (value instanceof CoercionFailure) {
    return { code: 'rest_invalid_type', message: `{name} is not of type ${value.expected}.`, data: { param: name } };
  }
  if (spec.enum && !(Array.isArray(value) ? value : [value]).every((v) => spec.enum!.includes(v as string))) {
    return `{name} is not one of ${spec.enum.join(', ')}.`;
  }
  if (typeof value === 'number') {
    if (spec.minimum !== undefined && value < spec.minimum) return `{name} must be greater than or equal to ${spec.minimum}`;
    if (spec.maximum !== undefined && value > spec.maximum) return `{name} must be less than or equal to ${spec.maximum}`;
  }
  if (spec.validate) {
    const verdict = spec.validate(value, dto);
    if (verdict === false) return `{name} is not valid: ${shownValue(value)}.`;
    if (verdict !== true) return verdict;
  }
  return true;
}
