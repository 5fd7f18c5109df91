import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
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
    const specs = restArgsOf(dto);
    const input = (value ?? {}) as Record<string, unknown>;
    const known = Object.fromEntries([...specs.keys()].filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));

    const missing = [...specs].filter(([name, spec]) => spec.required && known[name] === undefined).map(([n]) => n);
    if (missing.length) throw RestError.missingParams(missing);

    const instance = plainToInstance(dto, known) as Record<string, unknown>;
    const errors = await validate(instance);
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
    for (const [name, spec] of specs) if (instance[name] === undefined && spec.default !== undefined) instance[name] = spec.default;
    return instance;
  }
}
