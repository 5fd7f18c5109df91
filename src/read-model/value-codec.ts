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
  return JSON.parse(text, (_key, value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const object = value as Record<string, unknown>;
    if (MAP in object) return new Map(object[MAP] as [unknown, unknown][]);
    if (SET in object) return new Set(object[SET] as unknown[]);
    if (DATE in object) return new Date(object[DATE] as number);
    return value;
  }) as T;
}
