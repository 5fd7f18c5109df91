import { JsonText } from '../json-text';
/**
 * WordPress's `_fields` (rest_filter_response_fields): the answer keeps only the named keys, `a.b`
 * naming a key inside `a`. A parent named whole wins over its sub-keys, in either order.
 *
 * One deliberate difference (docs/decisions.md): WordPress applies a nested name to a list as if it
 * were an object and so empties it; here a nested name inside a list filters each item of the list,
 * so `_fields=events.id,events.title,total` cuts an event list down as a client means it to.
 */

/** Names to keep: `true` keeps the whole value, a tree keeps those keys of it. */
export type FieldTree = Map<string, FieldTree | true>;

/** The requested tree, or undefined when `_fields` is absent or names nothing (the answer is left whole). */
export function parseFields(raw: unknown): FieldTree | undefined {
  const names = (Array.isArray(raw) ? raw : [raw])
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(/[\s,]+/))
    .filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const tree: FieldTree = new Map();
  for (const name of names) addField(tree, name.split('.'));
  return tree;
}

function addField(tree: FieldTree, path: string[]): void {
  let node = tree;
  for (const part of path.slice(0, -1)) {
    const existing = node.get(part);
    if (existing === true) return; // the parent is already kept whole
    const child: FieldTree = existing ?? new Map();
    node.set(part, child);
    node = child;
  }
  node.set(path[path.length - 1], true);
}

/** The answer cut down to the tree: a list item by item, an object key by key, anything else as it is. */
export function pickFields(data: unknown, tree: FieldTree): unknown {
  if (data instanceof JsonText) return pickFields(data.toJSON(), tree);
  if (Array.isArray(data)) return data.map((item) => pickFields(item, tree));
  if (data === null || typeof data !== 'object') return data;
  const source = data as Record<string, unknown>;
  // No prototype: a field named `__proto__` or `constructor` is an ordinary key, never an inherited one.
  const kept: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, wanted] of tree) {
    if (!Object.hasOwn(source, name)) continue;
    kept[name] = wanted === true ? source[name] : pickFields(source[name], wanted);
  }
  return kept;
}
