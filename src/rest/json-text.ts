/**
 * A part of an answer that is already JSON text (a list item assembled from the read model's rows):
 * the answer's serialiser (`answerJson`) puts it in as it is. Anything else that serialises it, or
 * reads it (`_fields`, the iCalendar list), gets the value it stands for (`toJSON`).
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** A list's items as values: JSON text parsed, values as they are. */
export function itemValues<T>(items: readonly (T | JsonText)[]): T[] {
  return items.map((item) => (item instanceof JsonText ? (item.toJSON() as T) : item));
}

/**
 * The answer's JSON as the bytes sent: JSON.stringify's text, with a JsonText answer, or the JsonText
 * items of a top-level list (a list envelope's records), put in as they are rather than parsed and
 * written again. The parts are written straight into one buffer: joining a page of 50 items into one
 * string first cost ten times as much as writing them (docs/performance.md, tenth round).
 */
export function answerJson(body: unknown): Buffer {
  if (body instanceof JsonText) return Buffer.from(body.text, 'utf8');
  if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype || !Object.values(body).some(holdsText)) {
    return Buffer.from(JSON.stringify(body), 'utf8');
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const listed = holdsText(value);
    const json = listed ? '' : JSON.stringify(value);
    // As JSON.stringify: a member whose value has no JSON (undefined, a function) is left out.
    if (json === undefined) continue;
    parts.push(parts.length ? ',' : '{', JSON.stringify(key), ':');
    if (listed) listParts(value, parts);
    else parts.push(json);
  }
  parts.push(parts.length ? '}' : '{}');
  return utf8(parts);
}

/** `[a,b,…]` of a list's items: each JsonText's text, each other item's JSON (null for none, as JSON.stringify). */
function listParts(items: readonly unknown[], parts: string[]): void {
  parts.push('[');
  items.forEach((item, index) => {
    if (index) parts.push(',');
    parts.push(item instanceof JsonText ? item.text : (JSON.stringify(item) ?? 'null'));
  });
  parts.push(']');
}

function utf8(parts: readonly string[]): Buffer {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, 'utf8');
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at, 'utf8');
  return bytes;
}

function holdsText(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.some((item) => item instanceof JsonText);
}
