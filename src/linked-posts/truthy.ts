const TRUTHY = new Set(['1', 'yes', 'true', 'y', 'on', 'enable', 'enabled']);

/** tribe-common `tribe_is_truthy`: booleans as they are, strings from a fixed list (case-insensitive). */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return TRUTHY.has(String(value));
  if (typeof value === 'string') return TRUTHY.has(value.trim().toLowerCase());
  return false;
}
