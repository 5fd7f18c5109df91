import { Transform } from 'class-transformer';
import type { LinkedInput, LinkedPostType } from '../../linked-posts/linked-post-type';
import { inlineReason } from '../../linked-posts';
import { RestError } from '../../reasons/rest-error';
import { shownValue } from '../../reasons/shown-value';
import { CoercionFailure } from '../../rest/params/coerce';
import { validateRestArgs } from '../../rest/params/rest-validation.pipe';

/**
 * One record an event's `venue` / `organizer` names: an existing one by ID (its existence and the
 * caller's right to read it are checked against the database by the service), or one to create or
 * reuse, its fields already validated as a `POST /venues` (`/organizers`) body. `cannotCreate`: a
 * venue with an empty name, refused with `could-not-create-venue` when written (venues-organizers.md §7).
 * `invalid`: an element that is neither, with the parameter's reason.
 */
export type LinkedElement = { id: number } | { inline: LinkedInput; cannotCreate?: true } | { invalid: string };

/**
 * An event's validated `venue` / `organizer` (absent: the links stay as they are): remove the links,
 * link these records in this order, or `invalid` (several venues) with the parameter's reason.
 *
 * The reasons are found here, once, but reported by the service with the database checks
 * (EventWritePlanner, LinkedPostsInline.prepare), element by element in the order sent: so one 400
 * still names every bad parameter (`author`, `venue`, `organizer` together) with the reasons it gave
 * before this was validated in the DTO.
 */
export type LinkedPostsInput = { kind: 'clear' } | { kind: 'link'; elements: LinkedElement[] } | { kind: 'invalid'; reason: string };

/**
 * Reads the request's `venue` / `organizer` into a LinkedPostsInput (events.md §4.2/§4.3). Write it
 * BELOW @RestArg: it runs after the array coercion (whose type failure it passes on) and reads the
 * value as sent (`obj`), since an inline record is an object the array coercion would flatten.
 */
export function LinkedInputArg(type: LinkedPostType): PropertyDecorator {
  return Transform(({ value, obj, key }) => {
    if (value === undefined || value === null || value instanceof CoercionFailure) return value;
    const sent = (obj as Record<string, unknown>)[key];
    if (isEmptyValue(sent)) return { kind: 'clear' };
    const list = elements(sent);
    if (type.nameField === 'venue' && list.length !== 1) return { kind: 'invalid', reason: `venue: an event has one venue; ${list.length} were given.` };
    return { kind: 'link', elements: list.map((element) => linkedElement(type, element)) };
  });
}

const isEmptyValue = (v: unknown) =>
  v === 0 || v === '0' || v === '' || (Array.isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isId(value: unknown): boolean {
  return (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'string' && /^\s*\d+\s*$/.test(value) && Number(value) > 0);
}

/**
 * The accepted shapes: venues are one element (a one-element list is accepted, Q12 DEVIATE; several
 * venues or a comma list are invalid); organizers are a list, a comma list or a single element.
 */
function elements(sent: unknown): unknown[] {
  if (Array.isArray(sent)) return sent;
  if (typeof sent === 'string' && sent.includes(','))
    return sent
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [sent];
}

/** An ID (`5`, `"5"`, `{id: 5}`) or an object describing the record, checked as that record's create body. */
function linkedElement(type: LinkedPostType, element: unknown): LinkedElement {
  if (isId(element)) return { id: Number(element) };
  if (!isPlainObject(element)) return { invalid: notAReference(type, element) };
  if (element.id !== undefined && element.id !== null && element.id !== '' && element.id !== 0) {
    return isId(element.id) ? { id: Number(element.id) } : { invalid: notAReference(type, element.id) };
  }
  const emptyName = element[type.nameField] === '' && type.emptyInlineName === 'could-not-create';
  const withoutNulls = Object.fromEntries(Object.entries(emptyName ? { ...element, [type.nameField]: '-' } : element).filter(([, v]) => v !== null));
  try {
    const inline = validateRestArgs(type.createArgs as new () => object, withoutNulls) as LinkedInput;
    return emptyName ? { inline, cannotCreate: true } : { inline };
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    return { invalid: inlineReason(type, error) };
  }
}

/** Why an element of `venue` / `organizer` is neither an ID nor a record object. */
function notAReference(type: LinkedPostType, value: unknown): string {
  return `${type.nameField}: ${shownValue(value)} is neither an ID nor an object describing the ${type.nameField}.`;
}
