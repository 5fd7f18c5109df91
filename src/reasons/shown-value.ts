/** Longest part of a client's value repeated in an error reason: enough to recognise it, never a flood. */
const SHOWN_LENGTH = 60;

/**
 * A request value as an error reason quotes it (`"next tuesdya"`, `999`, `["a",""]`), cut short when
 * long. Reasons repeat what the client sent, so they never carry a stored secret.
 */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text;
}
