import type { DocSchema } from './response-schema';

/**
 * Builders of `/doc` property JSON, each writing its keys in the plugin's order: `strings()` writes
 * type, items, description; `listOf()` type, description, items (index-and-doc.md §2.1).
 */
export const docRef = (schema: string) => `#/components/schemas/${schema}`;
export const str = (description: string, extra: DocSchema = {}): DocSchema => ({ type: 'string', description, ...extra });
export const int = (description: string): DocSchema => ({ type: 'integer', description });
export const bool = (description: string): DocSchema => ({ type: 'boolean', description });
export const listOf = (schema: string, description: string): DocSchema => ({ type: 'array', description, items: { $ref: docRef(schema) } });
export const strings = (description: string): DocSchema => ({ type: 'array', items: { type: 'string' }, description });
/** A key documented as one record of another schema (`type` as the plugin declares it: Q39 COPY). */
export const refTo = (schema: string, type: 'object' | 'string', description: string): DocSchema => ({ type, description, $ref: docRef(schema) });
