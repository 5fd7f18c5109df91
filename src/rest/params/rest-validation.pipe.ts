import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { RestError } from '../../reasons/rest-error';
import { argFailuresOf } from './rest-arg.constraint';
import { restArgsOf } from './rest-arg.decorator';

/**
 * Validates the merged request parameters against a DTO declared with @RestArg, in WordPress's order:
 * missing required → rest_missing_callback_param; then every invalid value → rest_invalid_param
 * (all names in one error); then defaults are applied. Unknown parameters are ignored.
 */
@Injectable()
export class RestValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dto = metadata.metatype;
    if (metadata.type !== 'custom' || !dto || restArgsOf(dto).size === 0) return value;
    return validateRestArgs(dto, value);
  }
}

/**
 * The pipe's work, synchronous (every @RestArg check is), so a parameter holding a record another
 * route creates (an event's inline `venue`) is validated by that route's DTO inside its own check.
 */
export function validateRestArgs<T extends object>(dto: new () => T, value: unknown): T {
  const specs = restArgsOf(dto);
  const input = (value ?? {}) as Record<string, unknown>;
  const known = Object.fromEntries([...specs.keys()].filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));

  const missing = [...specs].filter(([name, spec]) => spec.required && known[name] === undefined).map(([n]) => n);
  if (missing.length) throw RestError.missingParams(missing);

  const instance = plainToInstance(dto, known) as Record<string, unknown>;
  const errors = validateSync(instance);
  if (errors.length) {
    const failures = argFailuresOf(instance);
    const params: Record<string, string> = {};
    const details: Record<string, unknown> = {};
    for (const { property } of errors) {
      const failure = failures.get(property) ?? { reason: `${property} is not valid.` };
      params[property] = failure.reason;
      if (failure.detail) details[property] = failure.detail;
    }
    throw RestError.invalidParams(params, details);
  }
  // Before the defaults: which parameters the request carried (a partial update changes only those).
  Object.defineProperty(instance, SUPPLIED, { value: new Set(Object.keys(known).filter((k) => known[k] !== null)) });
  for (const [name, spec] of specs) if (instance[name] === undefined && spec.default !== undefined) instance[name] = spec.default;
  return instance as T;
}

const SUPPLIED = Symbol('supplied-args');

/** The parameters the request carried (JSON `null` = not supplied, WordPress core), read off a DTO the pipe built. */
export function suppliedArgs(args: object): ReadonlySet<string> {
  return (args as { [SUPPLIED]?: ReadonlySet<string> })[SUPPLIED] ?? new Set();
}
