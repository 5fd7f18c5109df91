/**
 * The one rule for URLs a client supplies and the service renders (issue #22): websites and image URLs
 * are http or https, as WordPress's `esc_url_raw` keeps them, so a `javascript:` (or `data:`,
 * `vbscript:` …) URL is never stored, nor rendered as a link, an image or a JSON-LD `url`/`sameAs`.
 */

/** `http://` or `https://` (any case) and a host. */
const HTTP_URL = /^https?:\/\/[^/?#\\]+/i;
/** Browsers drop these from a URL before reading its scheme (`java\tscript:`): never let one through. */
const WHITESPACE_OR_CONTROL = /[\s\x00-\x1f\x7f]/;

/** An absolute http(s) URL with a host, with nothing a browser would strip before reading it. */
export function isHttpUrl(value: string): boolean {
  if (WHITESPACE_OR_CONTROL.test(value) || !HTTP_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * What a page or JSON-LD may show of a stored URL: the URL itself when it is http(s), else `""` — as
 * WordPress's `esc_url` drops a disallowed protocol. Like `esc_url`, a value with no `:` that is not
 * a path, query or anchor is read as a host (`www.example.org` → `http://www.example.org`): TEC's
 * admin takes websites written so. Data WordPress or an older version stored is read through it,
 * whatever the write checks now.
 */
export function safeHttpUrl(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const url = !value.includes(':') && !/^[/#?]/.test(value) && !/^[a-z0-9-]+?\.php/i.test(value) ? `http://${value}` : value;
  return isHttpUrl(url) ? url : '';
}

/** The schema.org members of TEC's JSON-LD that hold links; `image` is optional there, the others always present. */
const LINK_MEMBERS = new Set(['url', 'sameAs']);
const OPTIONAL_LINK_MEMBERS = new Set(['image']);

/**
 * JSON-LD (nested objects included) with every link member made safe: `url`/`sameAs` as `safeHttpUrl`
 * (TEC writes them through `esc_url`), an unsafe `image` left out (as when there is none).
 */
export function safeJsonLdLinks<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => safeJsonLdLinks(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries: [string, unknown][] = [];
  for (const [key, member] of Object.entries(value)) {
    if (typeof member !== 'string') entries.push([key, safeJsonLdLinks(member)]);
    else if (LINK_MEMBERS.has(key)) entries.push([key, safeHttpUrl(member)]);
    else if (!OPTIONAL_LINK_MEMBERS.has(key) || isHttpUrl(member)) entries.push([key, member]);
  }
  return Object.fromEntries(entries) as T;
}
