/**
 * Compares one of our answers with the plugin's golden answer to the same request on the fixture
 * database (test/fixtures/README.md, "Golden answers"). The goldens were stored already normalised, so
 * `normaliseBody` runs on our side only; everything it does not mask must be equal.
 */

/** One line of golden-requests.txt: the golden's file name and the path below the namespace. */
export interface GoldenRequest {
  name: string;
  path: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Where the answering server lives: its origin and REST prefix become `{SITE}` and `{REST}`. */
export interface Server {
  origin: string;
  restRoot: string;
}

export interface NormaliseOptions {
  server: Server;
  /** The moment of the request: dates of the default window (now, now + 2 years) depend on it. */
  now: Date;
  /** The index and /doc: their descriptions are each implementation's own prose, only presence counts. */
  descriptionsByPresence?: boolean;
}

/** At most this many differences are reported per answer. */
const DIFFERENCE_LIMIT = 12;
/** Envelope links that keep the caller's filters (quirk Q31): only their path and page are compared. */
const NAVIGATION_KEYS = ['next_rest_url', 'previous_rest_url'];

export function parseGoldenRequests(text: string): GoldenRequest[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name, ...path] = line.split(/\s+/);
      return { name, path: path.join(' ') };
    });
}

/** The placeholders the goldens carry instead of the capturing server's addresses. */
export function withPlaceholders(text: string, server: Server): string {
  const host = new URL(server.origin).host;
  return text.split(server.restRoot).join('{REST}').split(server.origin).join('{SITE}').split(host).join('{HOST}');
}

/** Numeric character references and `&amp;` (the plugin obfuscates e-mail addresses with random ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|amp);/gi, (_, decimal?: string, hex?: string) =>
    decimal ? String.fromCodePoint(Number(decimal)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : '&',
  );
}

/** A few days either side of `day`, as YYYY-MM-DD (the clock may move on while a request runs). */
function daysAround(day: Date): Set<string> {
  const days = new Set<string>();
  for (let offset = -2; offset <= 1; offset++) {
    const d = new Date(day);
    d.setUTCDate(d.getUTCDate() + offset);
    days.add(d.toISOString().slice(0, 10));
  }
  return days;
}

/** Date-times (plain or URL-encoded) of the default window become `{NOW}` and `{NOW+2Y}`. */
export function maskClockDates(text: string, now: Date): string {
  const later = new Date(now);
  later.setUTCFullYear(later.getUTCFullYear() + 2);
  const today = daysAround(now);
  const inTwoYears = daysAround(later);
  return text.replace(/(\d{4}-\d{2}-\d{2})(?: |T|\+|%20)\d{2}(?::|%3A)\d{2}(?::|%3A)\d{2}/gi, (found, day: string) =>
    today.has(day) ? '{NOW}' : inTwoYears.has(day) ? '{NOW+2Y}' : found,
  );
}

/** A navigation link reduced to its path (no trailing slash) and page. */
export function navigationPath(url: string): string {
  const [path, query = ''] = url.split('?');
  const page = new URLSearchParams(query).get('page');
  return path.replace(/\/$/, '') + (page ? `?page=${page}` : '');
}

function normaliseString(text: string, key: string | undefined, options: NormaliseOptions): string {
  const plain = decodeEntities(withPlaceholders(text, options.server));
  // Only computed argument defaults and query strings carry the clock.
  return key === 'default' || plain.includes('?') ? maskClockDates(plain, options.now) : plain;
}

/** Our answer's body in the goldens' form. */
export function normaliseBody(value: unknown, options: NormaliseOptions, key?: string): unknown {
  if (typeof value === 'string') {
    if (options.descriptionsByPresence && key === 'description') return value === '' ? '' : '{TEXT}';
    return normaliseString(value, key, options);
  }
  if (Array.isArray(value)) return value.map((item) => normaliseBody(item, options));
  if (!isRecord(value)) return value;
  const isList = 'total' in value;
  const result: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '_links') continue; // WordPress links are not part of the API (Q33).
    const isNavigation = NAVIGATION_KEYS.includes(k) || (k === 'rest_url' && isList);
    result[k] = isNavigation && typeof v === 'string' ? navigationPath(normaliseString(v, k, options)) : normaliseBody(v, options, k);
  }
  return result;
}

/** Error messages are prose: of a `{code, message, data}` error only the message's presence counts. */
export function maskErrorMessages(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskErrorMessages);
  if (!isRecord(value)) return value;
  const isError = typeof value.code === 'string' && typeof value.message === 'string' && 'data' in value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isError && k === 'message' ? (v === '' ? '' : '{TEXT}') : maskErrorMessages(v)]));
}

/** Where `actual` differs from `expected`, as `$.path: ...` lines (key order does not count). */
export function differences(expected: unknown, actual: unknown, limit = DIFFERENCE_LIMIT): string[] {
  const found: string[] = [];
  const show = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v).slice(0, 80));
  const walk = (want: unknown, got: unknown, at: string): void => {
    if (found.length >= limit) return;
    if (kindOf(want) !== kindOf(got)) {
      found.push(`${at}: expected ${show(want)}, got ${show(got)}`);
    } else if (Array.isArray(want) && Array.isArray(got)) {
      if (want.length !== got.length) found.push(`${at}: expected ${want.length} items, got ${got.length}`);
      for (let i = 0; i < Math.min(want.length, got.length); i++) walk(want[i], got[i], `${at}[${i}]`);
    } else if (isRecord(want) && isRecord(got)) {
      for (const k of Object.keys(want)) {
        if (k in got) walk(want[k], got[k], `${at}.${k}`);
        else found.push(`${at}.${k}: missing`);
      }
      for (const k of Object.keys(got)) if (!(k in want)) found.push(`${at}.${k}: unexpected`);
    } else if (want !== got) {
      found.push(`${at}: expected ${show(want)}, got ${show(got)}`);
    }
  };
  walk(expected, actual, '$');
  return found.slice(0, limit);
}

/**
 * The differences between a golden answer and ours. Only the headers the golden recorded are compared
 * (standard extras such as X-WP-Total are allowed beside the plugin's own).
 */
export function compareWithGolden(golden: Answer, ours: Answer, options: NormaliseOptions): string[] {
  const headers = Object.fromEntries(
    Object.keys(golden.headers)
      .filter((h) => h in ours.headers)
      .map((h) => [h, ours.headers[h]]),
  );
  const expected = { status: golden.status, headers: golden.headers, body: maskErrorMessages(golden.body) };
  const actual = { status: ours.status, headers, body: maskErrorMessages(normaliseBody(ours.body, options)) };
  return differences(expected, actual);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
