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
 * The answer's JSON: JSON.stringify's text, with a JsonText answer, or the JsonText items of a
 * top-level list (a list envelope's records), put in as they are rather than parsed and written again.
 */
export function answerJson(body: unknown): string {
  if (body instanceof JsonText) return body.text;
  if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype || !Object.values(body).some(holdsText)) {
    return JSON.stringify(body);
  }
  const members: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    // As JSON.stringify: a member whose value has no JSON (undefined, a function) is left out.
    const json = holdsText(value)
      ? `[${value.map((item) => (item instanceof JsonText ? item.text : (JSON.stringify(item) ?? 'null'))).join(',')}]`
      : JSON.stringify(value);
    if (json !== undefined) members.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${members.join(',')}}`;
}

function holdsText(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.some((item) => item instanceof JsonText);
}
