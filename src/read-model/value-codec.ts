/**
 * A record's value as text and back, exactly: JSON, plus the Maps, Sets and Dates the loaders' values
 * hold (an event's meta is a Map of lists). Each is written as a one-key object whose key starts with
 * a NUL character, which no WordPress value can hold as an object key.
 */
const MAP = '\u0000Map';
const SET = '\u0000Set';
const DATE = '\u0000Date';

export function encodeValue(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, encoded: unknown) {
    const raw = this[key];
    if (raw instanceof Map) return { [MAP]: [...raw] };
    if (raw instanceof Set) return { [SET]: [...raw] };
    if (raw instanceof Date) return { [DATE]: raw.getTime() };
    return encoded;
  });
}

export function decodeValue<T>(text: string): T {
  return revive(JSON.parse(text)) as T;
}

/**
 * The marked objects of a parsed value turned back into Maps, Sets and Dates, in place. A walk over the
 * objects only: three times as fast as a JSON.parse reviver, which is called for every value.
 */
function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return value;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (key === MAP) return new Map(revive(object[MAP]) as [unknown, unknown][]);
    if (key === SET) return new Set(revive(object[SET]) as unknown[]);
    if (key === DATE) return new Date(object[DATE] as number);
    object[key] = revive(object[key]);
  }
  return object;
}
