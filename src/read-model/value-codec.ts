/**
 * A record's value as text and back, exactly: JSON, plus the Maps, Sets and Dates the loaders' values
 * hold (an event's meta is a Map of lists). The text is `[marks, value]`: the value with each Map as its
 * entries, each Set as its items and each Date as its time, and the marks saying where those are — so
 * decoding is one JSON.parse and a few assignments, not a walk over every node of the value (a walk was
 * 8% of a cold list's CPU: rows carry whole posts). Marks are in post-order (what a Map holds before
 * the Map), so each is revived through plain arrays and objects only.
 */
type Step = string | number;
type Mark = ['M' | 'S' | 'D', ...Step[]];

export function encodeValue(value: unknown): string {
  const marks: Mark[] = [];
  return JSON.stringify([marks, plain(value, [], marks)]);
}

export function decodeValue<T>(text: string): T {
  const [marks, value] = JSON.parse(text) as [Mark[], unknown];
  let root = value;
  for (const [kind, ...path] of marks) {
    if (!path.length) {
      root = revived(kind, root);
      continue;
    }
    let parent = root as Record<Step, unknown>;
    for (let i = 0; i < path.length - 1; i++) parent = parent[path[i]] as Record<Step, unknown>;
    const last = path[path.length - 1];
    parent[last] = revived(kind, parent[last]);
  }
  return root as T;
}

function revived(kind: Mark[0], encoded: unknown): unknown {
  if (kind === 'M') return new Map(encoded as [unknown, unknown][]);
  if (kind === 'S') return new Set(encoded as unknown[]);
  return new Date(encoded as number);
}

/**
 * The value with its Maps, Sets and Dates as JSON (their marks added to `marks`); a part holding none
 * is the part itself, left for JSON.stringify as it is (its own toJSON, undefined members).
 */
function plain(value: unknown, path: Step[], marks: Mark[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Map) {
    const entries = [...value].map(([key, item], i) => [plain(key, [...path, i, 0], marks), plain(item, [...path, i, 1], marks)]);
    marks.push(['M', ...path]);
    return entries;
  }
  if (value instanceof Set) {
    const items = [...value].map((item, i) => plain(item, [...path, i], marks));
    marks.push(['S', ...path]);
    return items;
  }
  if (value instanceof Date) {
    marks.push(['D', ...path]);
    return value.getTime();
  }
  const before = marks.length;
  if (Array.isArray(value)) {
    const items = value.map((item, i) => plain(item, [...path, i], marks));
    return marks.length === before ? value : items;
  }
  const entries = Object.entries(value).map(([key, item]) => [key, plain(item, [...path, key], marks)] as const);
  return marks.length === before ? value : Object.fromEntries(entries);
}
