import type { Type } from '@nestjs/common';
import { declaredResources } from '../resources/resource-registry';
import { DocComponent, docComponentOf, schemaNameOf } from '../rest/responses/response-schema';

/**
 * The order of the plugin's `components.schemas` (index-and-doc.md §2.1), which is not its collection
 * order. Components of other resources follow, in resource order.
 */
const PLUGIN_SCHEMA_ORDER = ['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer'];

/**
 * The response classes the resources declare (`schemas`), by component name, in /doc order: those of
 * the plugin's namespace (`pluginOnly`, /doc) or of every namespace (Swagger).
 */
export function declaredSchemas(pluginOnly = false): Map<string, Type> {
  const byName = new Map<string, Type>();
  const resources = declaredResources().filter((r) => !pluginOnly || r.namespace === undefined);
  for (const cls of resources.flatMap((r) => r.schemas ?? [])) {
    const name = schemaNameOf(cls);
    if (byName.has(name) && byName.get(name) !== cls) throw new Error(`Two response classes are named "${name}"`);
    byName.set(name, cls);
  }
  const rank = (name: string) => (PLUGIN_SCHEMA_ORDER.includes(name) ? PLUGIN_SCHEMA_ORDER.indexOf(name) : PLUGIN_SCHEMA_ORDER.length);
  return new Map([...byName].sort(([a], [b]) => rank(a) - rank(b))); // stable: resource order breaks ties
}

/**
 * `components.schemas` of /doc (index-and-doc.md §2.1), generated from the response classes' @DocProperty
 * declarations: the record shapes as the plugin documents them (its declared types, not always the
 * payload's — Quirks Q5, Q6; `currency_position` without TEC's trailing space, Q39 DEVIATE). Property
 * descriptions are English: only argument descriptions are translated.
 */
export function docSchemas(): Record<string, DocComponent> {
  return Object.fromEntries([...declaredSchemas(true)].map(([name, cls]) => [name, docComponentOf(cls)]));
}
