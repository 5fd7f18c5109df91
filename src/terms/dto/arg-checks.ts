/** Synchronous validators of term arguments (TEC's `is_string_not_empty`, `is_positive_int`, list shapes). */
export const nonEmptyString = (value: string) => value.trim() !== '';

export const positiveInteger = (value: number) => value >= 1;

export const nonNegativeInteger = (value: number) => value >= 0;

/** Items of an include/exclude list: term IDs or slugs (their existence is checked by the service). */
export const termReferences = (items: unknown[]) =>
  items.every((item) => (typeof item === 'number' && Number.isInteger(item)) || (typeof item === 'string' && item.trim() !== ''));
