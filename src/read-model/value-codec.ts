/**
 * A record's value as text and back, exactly: JSON, plus the Maps, Sets and Dates the loaders' values
 * hold (an event's meta is a Map of lists). The text is `[marks, value]`: the value with each Map as its
 * entries, each Set as its items and each Date as its time, and the marks saying where those are — so
 * decoding is one JSON.parse and a few assignments, not a walk over every node of the value (a walk was
 * 8% of a cold list's CPU: rows carry whole posts). Marks are in post-order (what a Map holds before
 * the Map), so each is revived through plain arrays and objects only.
 *
 * Long strings (a post's content, a list item's JSON) follow the JSON as they are, each after a
 * U+0001 — a character JSON.stringify always escapes, and which they do not hold —, marked `R` where
 * they go: decoding slices them out of the text instead of unescaping them (JSON.parse of a page's
 * item texts, quotes escaped, was a twentieth of a cold page's CPU).
 */
type Step = string | number;
type Mark = ['M' | 'S' | 'D' | 'R', ...Step[]];

/** What goes before each long string; never in the JSON part (escaped there) nor in a string kept apart. */
const APART = '\u0001';
/** Strings at least this long are kept apart from the JSON. */
const LONG = 64;

export function encodeValue(value: unknown): string {
  const marks: Mark[] = [];
  const apart: string[] = [];
  const json = JSON.stringify([marks, plain(value, [], marks, apart)]);
  return apart.length ? `${json}${APART}${apart.join(APART)}` : json;
}

export function decodeValue<T>(text: string): T {
  const cut = text.indexOf(APART);
  const [marks, value] = JSON.parse(cut < 0 ? text : text.slice(0, cut)) as [Mark[], unknown];
  const apart = cut < 0 ? [] : text.slice(cut + 1).split(APART);
  let next = 0;
  let root = value;
  for (const [kind, ...path] of marks) {
    // A string kept apart is its own part; a Map, Set or Date is revived from what the JSON holds there.
    const revival =
      kind === 'R'
        ? apart[next++]
        : revived(
            kind,
            path.reduce<unknown>((node, step) => (node as Record<Step, unknown>)[step], root),
          );
    if (!path.length) {
      root = revival;
      continue;
    }
    let parent = root as Record<Step, unknown>;
    for (let i = 0; i < path.length - 1; i++) parent = parent[path[i]] as Record<Step, unknown>;
    parent[path[path.length - 1]] = revival;
  }
  return root as T;
}

function revived(kind: Exclude<Mark[0], 'R'>, encoded: unknown): unknown {
  if (kind === 'M') return new Map(encoded as [unknown, unknown][]);
  if (kind === 'S') return new Set(encoded as unknown[]);
  return new Date(encoded as number);
}

/**
 * The value with its Maps, Sets and Dates as JSON (their marks added to `marks`); a part holding none
 * is the part itself, left for JSON.stringify as it is (its own toJSON, undefined members).
 */
function plain(value: unknown, path: Step[], marks: Mark[], apart: string[]): unknown {
  if (typeof value === 'string' && value.length >= LONG && !value.includes(APART)) {
    marks.push(['R', ...path]);
    apart.push(value);
    return 0;
  }
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Map) {
    const entries = [...value].map(([key, item], i) => [plain(key, [...path, i, 0], marks, apart), plain(item, [...path, i, 1], marks, apart)]);
    marks.push(['M', ...path]);
    return entries;
  }
  if (value instanceof Set) {
    const items = [...value].map((item, i) => plain(item, [...path, i], marks, apart));
    marks.push(['S', ...path]);
    return items;
  }
  if (value instanceof Date) {
    marks.push(['D', ...path]);
    return value.getTime();
  }
  const before = marks.length;
  if (Array.isArray(value)) {
    const items = value.map((item, i) => plain(item, [...path, i], marks, apart));
    return marks.length === before ? value : items;
  }
  const entries = Object.entries(value).map(([key, item]) => [key, plain(item, [...path, key], marks, apart)] as const);
  return marks.length === before ? value : Object.fromEntries(entries);
}
