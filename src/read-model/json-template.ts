import { randomUUID } from 'node:crypto';

/**
 * A value's JSON text with holes: what a row keeps of a record whose answer is mostly fixed but has a
 * few values read with each answer (an event's term counts). `[text, key, text, key, …, text]`: the
 * texts are JSON.stringify's output around each hole, a key is the number the hole was made with.
 */
export type JsonTemplate = (string | number)[];

/** Where a template has a hole: put one in the value at the place of the value read per answer. */
export class TemplateHole {
  constructor(readonly key: number) {}
}

// A string no stored text can hold: a control character (JSON.stringify escapes it) around this
// process's random name, so a title that spells the marker out is still text.
const NONCE = randomUUID();
const MARKER = new RegExp(`"\\\\u0001${NONCE}:(\\d+)\\\\u0001"`, 'g');

/** `value` as JSON.stringify writes it, with a hole wherever it holds a TemplateHole. */
export function jsonTemplate(value: unknown): JsonTemplate {
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof TemplateHole ? `\u0001${NONCE}:${v.key}\u0001` : v));
  const parts: JsonTemplate = [];
  let from = 0;
  for (const match of text.matchAll(MARKER)) {
    parts.push(text.slice(from, match.index), Number(match[1]));
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return parts;
}

/** Where a hole's number stands in a filled template's text (UTF-16 offsets). */
export interface FilledHole {
  at: number;
  length: number;
  key: number;
  value: number;
}

/** The template's text with each hole's number (`value(key)`), and where each stands in it. */
export function filledTemplate(template: JsonTemplate, value: (key: number) => number): { text: string; holes: FilledHole[] } {
  if (template.length === 1) return { text: template[0] as string, holes: [] };
  let text = '';
  const holes: FilledHole[] = [];
  for (let i = 0; i < template.length; i++) {
    if (i % 2 === 0) {
      text += template[i] as string;
      continue;
    }
    const key = template[i] as number;
    const number = value(key);
    const written = String(number);
    holes.push({ at: text.length, length: written.length, key, value: number });
    text += written;
  }
  return { text, holes };
}

/** The holes' keys of a template. */
export function templateHoles(template: JsonTemplate): number[] {
  return template.filter((_part, i) => i % 2 === 1) as number[];
}
