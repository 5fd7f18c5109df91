/** WordPress REST type coercion (rest_sanitize_value_from_schema), as pure functions. */
export type ArgType = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object';

/** A value that failed coercion; the validator reports it as "<name> is not of type <type>." */
export class CoercionFailure {
  constructor(
    readonly raw: unknown,
    readonly expected: ArgType,
  ) {}
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function coerceScalar(value: unknown, type: Exclude<ArgType, 'array' | 'object'>): unknown {
  switch (type) {
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'string' && INTEGER.test(value.trim())) {
        const n = Number(value.trim());
        return Number.isSafeInteger(n) ? n : new CoercionFailure(value, type);
      }
      return new CoercionFailure(value, type);
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
      return new CoercionFailure(value, type);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === 0) return value === 1;
      if (typeof value === 'string') {
        const v = value.toLowerCase();
        if (v === 'true' || v === '1') return true;
        if (v === 'false' || v === '0') return false;
      }
      return new CoercionFailure(value, type);
    case 'string':
      return typeof value === 'string' ? value : new CoercionFailure(value, type);
  }
}

/**
 * Arrays arrive as JSON arrays, repeated keys (`a[]=1&a[]=2`, parsed by qs into arrays or index
 * objects) or, where allowed, comma lists (`a=1,2`; whitespace around commas ignored).
 */
export function toList(value: unknown, commaList: boolean): unknown[] | CoercionFailure {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.values(value);
  if (commaList && (typeof value === 'string' || typeof value === 'number')) {
    return String(value)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  return new CoercionFailure(value, 'array');
}
