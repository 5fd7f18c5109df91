import { Transform } from 'class-transformer';
import { because, notEmpty } from '../rest/params/arg-checks';
import { ArgSpec } from '../rest/params/rest-arg.decorator';
import { isTimeInput } from '../dates';
import { isHttpUrl } from '../wordpress/safe-url';

/** Statuses a write may ask for (Q22 DEVIATE: not every registered status). */
export const WRITABLE_STATUSES: readonly string[] = ['publish', 'future', 'draft', 'pending', 'private'];

/**
 * Q36 DEVIATE: the map flags and `image` are string parameters in TEC, but JSON booleans and numbers
 * are accepted here and read as their string form (`false` as no image). Write it above @RestArg:
 * class-transformer runs the last-declared transform first.
 */
export function StringifyScalars(falseAs?: string): PropertyDecorator {
  return Transform(({ value }) => {
    if (value === false && falseAs !== undefined) return falseAs;
    return typeof value === 'boolean' || typeof value === 'number' ? String(value) : value;
  });
}

/** WP core `FILTER_VALIDATE_URL`-like check: scheme, `//`, host, no whitespace. */
export function isAbsoluteUrl(value: string): boolean {
  if (/\s/.test(value) || !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

type Check = (value: string, dto: unknown) => true | string;
/** `first`'s reason, else `then`'s: each failure says what is wrong with the value. */
const andThen =
  (first: Check, then: Check): Check =>
  (value, dto) => {
    const verdict = first(value, dto);
    return verdict === true ? then(value, dto) : verdict;
  };
const emptyOr =
  (check: Check): Check =>
  (value, dto) =>
    value === '' || check(value, dto);
const isAttachmentId = (value: string) => /^\d+$/.test(value.trim());
/** Issue #22: `javascript://host/…` passes the URL check; websites and image URLs are http(s) only (WordPress's `esc_url_raw`). */
const httpScheme = because((v: string) => isAttachmentId(v) || isHttpUrl(v), 'must use http or https');

/** Validators of the write arguments events, venues and organizers share, with their reasons. */
export const publicationDate = because(isTimeInput, 'is not a date or time');
export const writableStatus = because((v: string) => WRITABLE_STATUSES.includes(v), `is not one of ${WRITABLE_STATUSES.join(', ')}`);
export const absoluteUrl = emptyOr(andThen(because(isAbsoluteUrl, 'is not an absolute URL'), httpScheme));
export const imageReference = emptyOr(
  andThen(
    because((v: string) => isAttachmentId(v) || isAbsoluteUrl(v), 'is not an attachment ID or an absolute URL'),
    httpScheme,
  ),
);

/** Argument specs shared by the venue and organizer write DTOs (Single_Venue/Single_Organizer CREATE_args). */
export const LINKED_ARGS = {
  author: (what: string): ArgSpec => ({ type: 'integer', description: `The ${what} author ID` }),
  date: (what: string): ArgSpec => ({ type: 'string', description: `The ${what} publication date`, validate: publicationDate }),
  dateUtc: (what: string): ArgSpec => ({
    type: 'string',
    description: `The ${what} publication date (UTC time zone)`,
    validate: publicationDate,
  }),
  name: (what: string, required: boolean): ArgSpec => ({
    type: 'string',
    description: `The ${what} name`,
    required,
    validate: notEmpty,
  }),
  description: (what: string): ArgSpec => ({ type: 'string', description: `The ${what} description`, default: null }),
  status: (what: string): ArgSpec => ({
    type: 'string',
    description: `The ${what} post status`,
    validate: writableStatus,
    values: WRITABLE_STATUSES,
  }),
  text: (description: string): ArgSpec => ({ type: 'string', description, default: null }),
  website: (what: string): ArgSpec => ({
    type: 'string',
    description: `The ${what} website URL`,
    default: null,
    validate: absoluteUrl,
  }),
  image: (what: string): ArgSpec => ({
    type: 'string',
    description: `The ${what} featured image ID or URL`,
    default: null,
    validate: imageReference,
  }),
  flag: (description: string): ArgSpec => ({ type: 'string', description, default: null }),
};
