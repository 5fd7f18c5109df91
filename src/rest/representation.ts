/**
 * The representation an `Accept` header gets from a negotiated answer (`GET /events`: JSON or
 * iCalendar, src/site/). The event list's interceptor answers with it and the response cache keys on
 * it (src/cache/cacheable-request.ts), so what is stored for one request is exactly what every other
 * request with the same key would have been answered.
 *
 * iCalendar only when the client names `text/calendar` itself, with q > 0, at least as high as the
 * quality the header gives JSON (RFC 9110 §12.5.1: that of the most specific range matching
 * `application/json` — itself, `application/*` or the any-type range). Wildcards alone (any type,
 * `text/*`) never choose iCalendar: JSON is the API's own answer. Entries that are not a media range, or whose q is not
 * a qvalue, are ignored (docs/decisions.md).
 */
export type Representation = 'json' | 'calendar';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** One `type/subtype;params` entry, lower-cased; undefined when it is not a valid media range. */
function mediaRange(entry: string): MediaRange | undefined {
  const [range, ...params] = entry.split(';');
  const [type, subtype, extra] = range.trim().toLowerCase().split('/');
  if (extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype ?? '')) return undefined;
  if (type === '*' && subtype !== '*') return undefined;
  let q = 1;
  for (const param of params) {
    const [name, value = ''] = param.split('=');
    if (name.trim().toLowerCase() !== 'q') continue;
    if (!QVALUE.test(value.trim())) return undefined;
    q = Number(value.trim());
    break; // parameters after the weight are accept-extensions
  }
  return { type, subtype, q };
}

/** The quality the header gives `type/subtype`: that of the most specific matching ranges (0 when none match). */
function qualityOf(ranges: MediaRange[], type: string, subtype: string): number {
  let specificity = -1;
  let quality = 0;
  for (const range of ranges) {
    const level = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' ? 0 : -1;
    if (level > specificity) [specificity, quality] = [level, range.q];
    else if (level === specificity) quality = Math.max(quality, range.q);
  }
  return quality;
}

export function representationOf(accept: string | undefined): Representation {
  // Fast path for nearly every request: a header that does not name the calendar type at all.
  if (!accept || !/text\/calendar/i.test(accept)) return 'json';
  const ranges = accept
    .split(',')
    .map(mediaRange)
    .filter((range) => range !== undefined);
  const named = ranges.filter((range) => range.type === 'text' && range.subtype === 'calendar');
  const calendar = Math.max(0, ...named.map((range) => range.q));
  return calendar > 0 && calendar >= qualityOf(ranges, 'application', 'json') ? 'calendar' : 'json';
}
