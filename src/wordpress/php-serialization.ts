import { LRUCache } from 'lru-cache';
import { serialize, unserialize } from 'php-serialize';

/** WordPress `is_serialized()` (strict form): does this string hold a PHP-serialized value? */
export function isSerialized(value: string): boolean {
  const v = value.trim();
  if (v === 'N;') return true;
  if (v.length < 4 || v[1] !== ':') return false;
  const last = v[v.length - 1];
  switch (v[0]) {
    case 's':
      return last === ';' && /^s:\d+:".*";$/s.test(v);
    case 'a':
    case 'O':
      return last === '}' && /^[aO]:\d+:/.test(v);
    case 'b':
    case 'i':
    case 'd':
      return last === ';' && /^[bid]:[0-9.E+-]+;$/.test(v);
    default:
      return false;
  }
}

/** Parses a PHP-serialized value; undefined when it is not one (never throws on foreign data). */
export function phpUnserialize<T = unknown>(value: string | null | undefined): T | undefined {
  if (value === null || value === undefined || !isSerialized(value)) return undefined;
  try {
    return unserialize(value) as T;
  } catch {
    return undefined;
  }
}

export function phpSerialize(value: unknown): string {
  return serialize(value);
}

/** WordPress `maybe_serialize`: arrays/objects are serialized, and so is a string that already looks serialized. */
export function maybeSerialize(value: unknown): string {
  if (typeof value === 'object' && value !== null) return serialize(value);
  if (typeof value === 'string' && isSerialized(value)) return serialize(value);
  if (value === true) return '1';
  if (value === false || value === null || value === undefined) return '';
  return String(value);
}

/** WordPress `maybe_unserialize`. */
export function maybeUnserialize(value: string | null | undefined): unknown {
  if (value === null || value === undefined) return value;
  const parsed = phpUnserialize(value);
  return parsed === undefined ? value : parsed;
}

/** The last few distinct values sharedUnserialize parsed (TEC's settings change rarely). */
const sharedParses = new LRUCache<string, { value: unknown }>({ max: 16 });

/**
 * maybeUnserialize for the site settings most requests read (TEC's `tribe_events_calendar_options`,
 * often kilobytes): each distinct value is parsed once and the result shared, frozen so that no reader
 * can change it for the others (a profile of uncached event lists spent 7% of its CPU re-parsing it).
 */
export function sharedUnserialize(value: string | null | undefined): unknown {
  if (value === null || value === undefined) return value;
  const hit = sharedParses.get(value);
  if (hit) return hit.value;
  const parsed = deepFreeze(maybeUnserialize(value));
  sharedParses.set(value, { value: parsed });
  return parsed;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
