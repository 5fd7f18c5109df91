import { decodeValue, encodeValue } from './value-codec';

/**
 * The origin a record is rendered for when its links follow the request's host (a standalone install
 * without SITE_URL): a reserved name (RFC 2606) no stored text holds. Its row then serves every host;
 * each answer gets its own origin back (`localize`). Hosts cannot grow the table: one row per record.
 */
export const ORIGIN_PLACEHOLDER = 'http://eca-origin.invalid';
const HOST_PLACEHOLDER = 'eca-origin.invalid';

/** JSON text inside a string literal. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * Puts `origin` where a value's text (JSON) has the placeholder: the whole origin first (links), then
 * its host alone (a `global_id` is `host/path?id=`, without scheme and port, as `Permalinks.globalId`
 * builds it from the origin).
 */
export function originLocalizer(origin: string): (json: string) => string {
  const host = new URL(origin).hostname;
  return (json) => json.split(ORIGIN_PLACEHOLDER).join(inJson(origin)).split(HOST_PLACEHOLDER).join(inJson(host));
}

/** A value rendered for the placeholder, as it would have been rendered for the localizer's origin. */
export function localizedValue<T>(value: T, localize: (json: string) => string): T {
  return decodeValue<T>(localize(encodeValue(value)));
}
