import { shownValue } from '../../reasons/shown-value';

/*
 * Validators of request arguments (ArgSpec.validate) that say why a value is refused (issue #18):
 * `{name}` opening a reason stands for the parameter's name.
 */

/** A yes/no check given the reason a client reads when it says no: `{name} <reason>: <value>.` */
export function because<T>(check: (value: T, dto: any) => boolean, reason: string): (value: T, dto: any) => true | string {
  return (value, dto) => check(value, dto) || `{name} ${reason}: ${shownValue(value)}.`;
}

/** TEC's `is_string_not_empty` as the event and linked-post routes apply it (whitespace counts). */
export const notEmpty = because((value: string) => value !== '', 'must not be empty');

/** The term routes' check: a value of only whitespace is empty too. */
export const notBlank = because((value: string) => value.trim() !== '', 'must not be blank');

export const positiveInteger = because((value: number) => Number.isInteger(value) && value >= 1, 'must be a whole number of 1 or more');

export const nonNegativeInteger = because((value: number) => Number.isInteger(value) && value >= 0, 'must be a whole number of 0 or more');

/** Items of an include/exclude term list: term IDs or slugs (their existence is checked by the service). */
export const termReferences = because(
  (items: unknown[]) => items.every((item) => (typeof item === 'number' && Number.isInteger(item)) || (typeof item === 'string' && item.trim() !== '')),
  'must list term IDs or slugs',
);
