import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REFERENCE_DIR } from '../support/fixture-paths';

/** The plugin's own answer to a reference request (test/fixtures/reference). */
export function reference(name: string): unknown {
  return JSON.parse(readFileSync(resolve(REFERENCE_DIR, `${name}.json`), 'utf8'));
}

/** The reference was captured at http://127.0.0.1:8080 (its /doc server without the port, Q39). */
export const REFERENCE_ORIGINS = ['http://127.0.0.1:8080', 'http://127.0.0.1'];

/**
 * The goldens' rule for the index and /doc (as in test/support/golden-compare.ts): origins replaced
 * by a placeholder, description texts reduced to their presence, the clock-dependent defaults masked.
 */
export function normalise(value: unknown, origins: string[], key?: string): unknown {
  if (key === 'description' && typeof value === 'string') return value ? '{TEXT}' : '';
  if (typeof value === 'string') {
    let text = value;
    for (const origin of origins) text = text.split(origin).join('{SITE}');
    return key === 'default' ? text.replace(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '{DATE}') : text;
  }
  if (Array.isArray(value)) return value.map((item) => normalise(item, origins));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, origins, k)]));
  }
  return value;
}
