/** Where a term's count stands in a JSON text (UTF-16 offsets) or in an answer's bytes (byte offsets). */
export interface CountPlace {
  at: number;
  length: number;
  termTaxonomyId: number;
  count: number;
}

/**
 * A part of an answer that is already JSON text (a list item assembled from the read model's rows):
 * the answer's serialiser (`answerBytes`) puts it in as it is. Anything else that serialises it, or
 * reads it (`_fields`, the iCalendar list), gets the value it stands for (`toJSON`).
 * `counts`: where its term counts stand, so that a kept answer can have them put in again
 * (docs/caching.md "Term counts put in at replay"); `asValue` runs when the text is read as a value
 * instead, whose counts are then ordinary content.
 */
export class JsonText {
  constructor(
    readonly text: string,
    readonly counts: readonly CountPlace[] = [],
    private readonly asValue?: () => void,
  ) {}

  toJSON(): unknown {
    this.asValue?.();
    return JSON.parse(this.text);
  }
}

/** An answer's bytes, with the places of the term counts its JSON texts carried. */
export interface AnswerBytes {
  bytes: Buffer;
  counts: CountPlace[];
}

/** A list's items as values: JSON text parsed, values as they are. */
export function itemValues<T>(items: readonly (T | JsonText)[]): T[] {
  return items.map((item) => (item instanceof JsonText ? (item.toJSON() as T) : item));
}

/** `answerBytes`'s bytes alone. */
export function answerJson(body: unknown): Buffer {
  return answerBytes(body).bytes;
}

/**
 * The answer's JSON as the bytes sent: JSON.stringify's text, with a JsonText answer, or the JsonText
 * items of a top-level list (a list envelope's records), put in as they are rather than parsed and
 * written again. The parts are written straight into one buffer: joining a page of 50 items into one
 * string first cost ten times as much as writing them (docs/performance.md, tenth round).
 */
export function answerBytes(body: unknown): AnswerBytes {
  const parts: Part[] = [];
  if (body instanceof JsonText) textParts(body, parts);
  else if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype || !Object.values(body).some(holdsText)) {
    return { bytes: Buffer.from(JSON.stringify(body), 'utf8'), counts: [] };
  } else envelopeParts(body, parts);
  return utf8(parts);
}

/** A piece of the answer's text, or a term count standing in a JsonText. */
type Part = string | CountPlace;

/** A JsonText's text, its counts as parts of their own. */
function textParts(item: JsonText, parts: Part[]): void {
  let from = 0;
  for (const place of item.counts) {
    parts.push(item.text.slice(from, place.at), place);
    from = place.at + place.length;
  }
  parts.push(from ? item.text.slice(from) : item.text);
}

function envelopeParts(body: object, parts: Part[]): void {
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
}

/** `[a,b,…]` of a list's items: each JsonText's text, each other item's JSON (null for none, as JSON.stringify). */
function listParts(items: readonly unknown[], parts: Part[]): void {
  parts.push('[');
  items.forEach((item, index) => {
    if (index) parts.push(',');
    if (item instanceof JsonText) textParts(item, parts);
    else parts.push(JSON.stringify(item) ?? 'null');
  });
  parts.push(']');
}

/** The parts written into one buffer; each count's place is taken in bytes as it is written. */
function utf8(parts: readonly Part[]): AnswerBytes {
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part, 'utf8') : part.length;
  const bytes = Buffer.allocUnsafe(length);
  const counts: CountPlace[] = [];
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') at += bytes.write(part, at, 'utf8');
    else {
      counts.push({ ...part, at });
      at += bytes.write(String(part.count), at, 'latin1');
    }
  }
  return { bytes, counts };
}

function holdsText(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.some((item) => item instanceof JsonText);
}
