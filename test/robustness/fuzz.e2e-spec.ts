import fc from 'fast-check';
import { representationOf } from '../../src/rest/representation';
import { maybeUnserialize } from '../../src/wordpress/php-serialization';
import { sanitizeTitle } from '../../src/wordpress/slugs';
import { phpTrim, sanitizeTextField } from '../../src/wordpress/text-sanitize';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// Property-based fuzzing of every route and method the namespace index lists (issue #7): generated
// requests with hostile values, as anonymous and as the administrator. Never a 5xx; every error is the
// WordPress envelope with data.status equal to the HTTP status; strings stored raw read back exactly.
// Seeded (FUZZ_SEED to replay a failure) and bounded (FUZZ_RUNS requests per route and method).
jest.setTimeout(180_000);

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

interface Endpoint {
  route: string;
  method: string;
  args: string[];
}

let t: TestApp;
const endpoints: Endpoint[] = [];
const existing: Record<string, number> = {};
const slugs: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const index = await t.http.get(BASE);
  for (const [route, description] of Object.entries(
    index.body.routes as Record<string, { endpoints: { methods: string[]; args: Record<string, unknown> }[] }>,
  )) {
    for (const endpoint of description.endpoints) {
      for (const method of endpoint.methods) endpoints.push({ route, method, args: Object.keys(endpoint.args) });
    }
  }
  const make = async (path: string, body: Record<string, unknown>) => (await t.http.post(`${BASE}${path}`).set('Authorization', ADMIN).send(body)).body;
  const venue = await make('/venues', { venue: 'Fuzz venue' });
  const organizer = await make('/organizers', { organizer: 'Fuzz organizer' });
  const category = await make('/categories', { name: 'Fuzz category' });
  const tag = await make('/tags', { name: 'Fuzz tag' });
  const event = await make('/events', {
    title: 'Fuzz event',
    start_date: '2030-01-01 10:00:00',
    end_date: '2030-01-01 11:00:00',
    venue: venue.id,
    organizer: [organizer.id],
  });
  Object.assign(existing, { events: event.id, venues: venue.id, organizers: organizer.id, categories: category.id, tags: tag.id });
  Object.assign(slugs, { events: event.slug, venues: venue.slug, organizers: organizer.slug });
});
afterAll(() => t.close());

const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE wp_posts; --',
  '" UNION SELECT user_pass FROM wp_users --',
  '\\',
  "%' AND SLEEP(5) --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}${7*7}',
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u200b\ufeff',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦 🇫🇷',
  'é',
  'e\u0301',
  'ﷺ'.repeat(50),
  '',
  ' ',
  '\r\n\t',
  's:5:"hello";',
  'a:1:{i:0;s:1:"x";}',
  'O:8:"stdClass":0:{}',
];
const NUMBERS = [
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '-9223372036854775809',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  '-1',
  '0',
  '00012',
];
const DATES = [
  '2030-02-30',
  '2030-13-01 10:00:00',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '10000-01-01',
  'tomorrow',
  'next monday +3 weeks',
  '@99999999999999',
  '2030-01-01T10:00:00+25:00',
  '1970-01-01',
  '-1 year',
  'Z',
];
const ZONES = [
  'UTC',
  'UTC+14',
  'UTC-12:30',
  'Mars/Olympus',
  'Europe/Paris',
  'America/Argentina/ComodRivadavia',
  'Etc/GMT+13',
  '../../../etc/localtime',
  'PST8PDT',
];

/** Each unit's count in a year (rounded up): 8,000 years or more of it leave years 1000–9999 from any date in them. */
const PER_YEAR: Record<string, bigint> = {
  seconds: 31_622_400n,
  minutes: 527_040n,
  hours: 8_784n,
  days: 366n,
  weeks: 53n,
  fortnights: 27n,
  months: 12n,
  years: 1n,
};
const OUT_OF_RANGE_YEARS = [0, 1, 999, 10000, 99999, 275760, 275761, 1e9];
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/**
 * Dates outside MySQL DATETIME's years 1000–9999 however written (issue #13): huge relative offsets,
 * years 0, 999, 10000, 275760 and negative years, timestamps past JavaScript's Date range.
 */
const absurdDate: fc.Arbitrary<string> = fc.oneof(
  // A relative offset far past either end (8,000 years and more), alone, after `now` or after a date.
  fc
    .tuple(
      fc.constantFrom('', 'now ', 'today ', '2030-01-01 ', 'next monday '),
      fc.constantFrom('+', '-', ''),
      fc.bigInt({ min: 8_000n, max: 10n ** 15n }),
      fc.constantFrom(...Object.keys(PER_YEAR)),
      fc.constantFrom('', ' ago'),
    )
    .map(([base, sign, years, unit, ago]) => `${base}${sign}${years * PER_YEAR[unit]} ${unit}${ago}`),
  fc
    .tuple(
      fc.constantFrom(...OUT_OF_RANGE_YEARS),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
      fc.constantFrom('', '-'),
      fc.constantFrom('', ' 10:00:00', 'T10:00:00Z'),
    )
    .map(([year, month, day, sign, time]) => `${sign}${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}${time}`),
  fc
    .tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom('May', 'December'), fc.constantFrom(...OUT_OF_RANGE_YEARS.filter((y) => y < 10000)))
    .map(([day, month, year]) => `${day} ${month} ${pad(year, 4)}`),
  fc.constantFrom(
    '@99999999999999',
    '@-99999999999999',
    '@253402300800',
    '@-40000000000',
    '99999999999999',
    '-99999999999999',
    '1e20',
    '-1e20',
    '1e308',
    '8.64e15',
  ),
  fc.bigInt({ min: 253_402_300_800n, max: 10n ** 20n }).map((n) => `@${n}`),
);
/** Path segments whose slug sanitises to nothing: they must never name a draft (drafts have no slug). */
const emptySlug: fc.Arbitrary<string> = fc
  .string({ unit: fc.constantFrom(...`!@#$%^&*()+=[]{}|\\;:'",<>?~\`. -_\u0000\t\u00a0\u2019\u00ab\u00bb\u00bf`.split('')), minLength: 1, maxLength: 12 })
  .filter((text) => sanitizeTitle(text) === '')
  .map((text) => encodeURIComponentSafe(text));

const scalar = fc.oneof(
  fc.constantFrom(...INJECTIONS, ...NUMBERS, ...DATES, ...ZONES),
  absurdDate,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(2 ** 63, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, -0, 1e308),
  fc.nat({ max: 120_000 }).map((n) => 'x'.repeat(n)),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    scalar,
    fc.array(tie('any'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('any'), { maxKeys: 4 }),
  ),
})).any;
/** JSON nested far deeper than any parser default (built at send time: fast-check's reports recurse). */
class DeepJson {
  constructor(readonly depth: number) {}
  toString(): string {
    return '['.repeat(this.depth) + ']'.repeat(this.depth);
  }
  [fc.toStringMethod](): string {
    return `DeepJson(${this.depth})`;
  }
}
const deep = fc.nat({ max: 5000 }).map((n) => new DeepJson(n));
/** JSON text of the params, deep values spliced in as text (JSON.stringify would recurse that deep). */
function jsonText(params: Record<string, unknown>): string {
  return JSON.stringify(params, (_key, v: unknown) => (v instanceof DeepJson ? `__deep_${v.depth}__` : v)).replace(/"__deep_(\d+)__"/g, (_m, n: string) =>
    String(new DeepJson(Number(n))),
  );
}

function paramsArbitrary(args: string[]): fc.Arbitrary<Record<string, unknown>> {
  const names = fc.oneof(
    fc.constantFrom(...(args.length ? args : ['x'])),
    fc.constantFrom('unknown_param', '__proto__', 'constructor', '_method', 'context', '_embed', 'per_page[]'),
  );
  return fc.dictionary(names, fc.oneof(value, value, value, deep), { maxKeys: 6 });
}

/** A path segment for `(?P<id>\d+)`: the live record, ids at and beyond 2^63, or junk the route refuses. */
const idSegment = (collection: string) =>
  fc.oneof(
    fc.constant(String(existing[collection] ?? 1)),
    fc.constantFrom('0', '1', '9223372036854775807', '9223372036854775808', '18446744073709551616', '99999999999999999999999999', '-1', '1e3', '%00'),
  );
const slugSegment = (collection: string) =>
  fc.oneof(
    fc.constant(slugs[collection] ?? 'x'),
    fc.constantFrom('%FF%FE', '%ED%A0%80', '%00', '..', '%2e%2e', "'%20OR%201=1", '%3Cscript%3E', 'x'.repeat(3000)),
    fc.string({ maxLength: 30 }).map(encodeURIComponentSafe),
    emptySlug,
  );

function encodeURIComponentSafe(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
}

/** Query string of nested values, as PHP/qs read them (`a[0][b]=…`), raw bytes percent-encoded. */
function queryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, v: unknown, depth: number) => {
    if (depth > 6) return;
    if (Array.isArray(v)) v.forEach((item, i) => add(`${key}[${i}]`, item, depth + 1));
    else if (v !== null && typeof v === 'object' && !(v instanceof DeepJson)) for (const [k, item] of Object.entries(v)) add(`${key}[${k}]`, item, depth + 1);
    else parts.push(`${encodeURIComponentSafe(key)}=${encodeURIComponentSafe(String(v))}`);
  };
  for (const [k, v] of Object.entries(params)) add(k, v, 0);
  return parts.join('&').slice(0, 6000);
}

function concretePath(route: string, segment: string): string {
  return route.replace(/\(\?P<id>[^)]+\)|\(\?P<slug>[^)]+\)/, segment);
}

function expectWellFormed(res: { status: number; body: any; text: string }, label: string): void {
  if (res.status >= 500) throw new Error(`${label} → ${res.status} ${res.text.slice(0, 400)}`);
  if (res.status >= 400) {
    const { code, message, data } = res.body ?? {};
    if (typeof code !== 'string' || typeof message !== 'string' || data?.status !== res.status) {
      throw new Error(`${label} → ${res.status} outside the envelope: ${res.text.slice(0, 400)}`);
    }
  }
}

describe('every route and method, with hostile input', () => {
  it('answers below 500, errors in the WordPress envelope', async () => {
    expect(endpoints.length).toBeGreaterThan(30);
    for (const endpoint of endpoints) {
      const collection = /\/v1\/([a-z]+)/.exec(endpoint.route)?.[1] ?? '';
      const segment = endpoint.route.includes('<id>') ? idSegment(collection) : endpoint.route.includes('<slug>') ? slugSegment(collection) : fc.constant('');
      const request = fc.record({
        segment,
        params: paramsArbitrary(endpoint.args.filter((a) => a !== 'id' && a !== 'slug')),
        admin: fc.boolean(),
        encoding: fc.constantFrom('json', 'form', 'query', 'raw'),
        raw: fc.uint8Array({ maxLength: 200 }),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ segment: seg, params, admin, encoding, raw }) => {
          const path = `${concretePath(endpoint.route.replace('/tribe/events/v1', BASE), seg)}`;
          const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
          const bodyless = method === 'get' || method === 'delete';
          const query = bodyless || encoding === 'query' ? queryString(params) : '';
          let req = t.http[method](query ? `${path}?${query}` : path);
          if (admin) req = req.set('Authorization', ADMIN);
          if (!bodyless && encoding === 'json') req = req.set('Content-Type', 'application/json').send(jsonText(params));
          if (!bodyless && encoding === 'form') req = req.type('form').send(queryString(params));
          if (!bodyless && encoding === 'raw') req = req.set('Content-Type', 'application/json').send(Buffer.from(raw));
          const res = await req;
          expectWellFormed(res, `${endpoint.method} ${path.slice(0, 200)} [${encoding}${admin ? ', admin' : ''}]`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
  });
});

/** Strings a client may store: unicode of every plane, injection strings, markup, long values. */
const storable = fc
  .oneof(
    fc.constantFrom(...INJECTIONS.filter((s) => !/[\ud800-\udfff]/.test(s) && s.trim() !== '' && !s.includes('\u0000'))),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 60 }),
    fc.nat({ max: 60_000 }).map((n) => `long ${'é'.repeat(n)}`),
  )
  .filter((s) => s.trim() !== '');

describe('stored strings read back exactly', () => {
  it('keeps an administrator’s event title and description as sent (unfiltered_html)', async () => {
    await fc.assert(
      fc.asyncProperty(storable, storable, async (title, description) => {
        const res = await t.http
          .post(`${BASE}/events`)
          .set('Authorization', ADMIN)
          .send({ title, description, start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 11:00:00' });
        expectWellFormed(res, 'POST /events');
        if (res.status !== 201) return;
        const row = await t.db.sql.one<{ post_title: string; post_content: string }>(
          `SELECT post_title, post_content FROM ${t.db.sql.table('posts')} WHERE ID = ?`,
          [res.body.id],
        );
        // WordPress trims titles (the title_save_pre filter) and keeps the content as sent.
        expect(row).toEqual({ post_title: phpTrim(title), post_content: description });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('stores venue text fields as WordPress sanitize_text_field leaves them, never cut or altered further', async () => {
    await fc.assert(
      fc.asyncProperty(storable, storable, async (city, address) => {
        const res = await t.http
          .post(`${BASE}/venues`)
          .set('Authorization', ADMIN)
          .send({ venue: `V ${city}`.slice(0, 200), city, address });
        expectWellFormed(res, 'POST /venues');
        if (res.status !== 201) return;
        const meta = await t.db.sql.rows<{ meta_key: string; meta_value: string }>(
          `SELECT meta_key, meta_value FROM ${t.db.sql.table('postmeta')} WHERE post_id = ? AND meta_key IN ('_VenueCity', '_VenueAddress') ORDER BY meta_key`,
          [res.body.id],
        );
        // Read back as WordPress does: a value that looks serialized was stored serialized once more.
        expect(Object.fromEntries(meta.map((m) => [m.meta_key, maybeUnserialize(m.meta_value)]))).toEqual({
          _VenueAddress: sanitizeTextField(address),
          _VenueCity: sanitizeTextField(city),
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

function expectInvalidParam(res: { status: number; body: any; text: string }, param: string, label: string): void {
  expectWellFormed(res, label);
  if (res.status !== 400 || res.body.code !== 'rest_invalid_param' || !(param in (res.body.data?.params ?? {}))) {
    throw new Error(`${label} → ${res.status}, expected 400 rest_invalid_param on ${param}: ${res.text.slice(0, 400)}`);
  }
}

const countPosts = async () => Number((await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('posts')}`))!.n);

describe('absurd dates (issue #13)', () => {
  it('every date filter of the event list refuses them with 400 naming it', async () => {
    const params = fc.constantFrom('start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after');
    await fc.assert(
      fc.asyncProperty(params, absurdDate, fc.constantFrom('false', 'true'), async (param, date, strict) => {
        const res = await t.http.get(`${BASE}/events`).query({ [param]: date, strict_dates: strict });
        expectInvalidParam(res, param, `GET /events?${param}=${date}&strict_dates=${strict}`);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });

  it('event, venue and organizer writes refuse them with 400 naming the parameter and store nothing', async () => {
    const target = fc.constantFrom(
      ...['start_date', 'end_date', 'date', 'date_utc'].map((param) => ({
        path: '/events',
        param,
        body: { title: 'Absurd', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' },
      })),
      ...['date', 'date_utc'].map((param) => ({ path: '/venues', param, body: { venue: 'Absurd venue' } })),
      ...['date', 'date_utc'].map((param) => ({ path: '/organizers', param, body: { organizer: 'Absurd organizer' } })),
      ...['start_date', 'end_date', 'date', 'date_utc'].map((param) => ({ path: `/events/${existing.events}`, param, body: {} })),
    );
    const before = await countPosts();
    await fc.assert(
      fc.asyncProperty(target, absurdDate, async ({ path, param, body }, date) => {
        const res = await t.http
          .post(`${BASE}${path}`)
          .set('Authorization', ADMIN)
          .send({ ...body, [param]: date });
        expectInvalidParam(res, param, `POST ${path} ${param}=${date}`);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
    expect(await countPosts()).toBe(before);
    const nan = await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('postmeta')} WHERE meta_value LIKE '%NaN%'`);
    expect(Number(nan!.n)).toBe(0);
  });
});

describe('slugs that sanitise to nothing (issue #13)', () => {
  it('every by-slug route and method answers 400 rest_invalid_param on slug, whoever asks', async () => {
    const bySlug = endpoints.filter((endpoint) => endpoint.route.includes('<slug>'));
    expect(bySlug.length).toBeGreaterThanOrEqual(3 * 5);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bySlug), emptySlug, fc.boolean(), async (endpoint, segment, admin) => {
        const path = concretePath(endpoint.route.replace('/tribe/events/v1', BASE), segment);
        const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        let req = t.http[method](path);
        if (admin) req = req.set('Authorization', ADMIN);
        const res = await (method === 'get' || method === 'delete' ? req : req.send({ title: 'Renamed', description: 'Renamed' }));
        expectInvalidParam(res, 'slug', `${endpoint.method} ${path}${admin ? ' [admin]' : ''}`);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });
});

/**
 * `Accept` headers as clients and attackers write them (issue #22): media ranges in any case, with or
 * without a weight (valid, out of range, junk) and other parameters, wildcards, junk entries, odd
 * spacing, and very long lists (within Node's 16 KB of headers).
 */
const mediaRange = fc.oneof(
  fc.constantFrom('text/calendar', 'application/json', '*/*', 'text/*', 'application/*', 'text/html', 'application/xml', 'image/*'),
  fc
    .constantFrom('text/calendar', 'application/json', 'text/*')
    .chain((range) =>
      fc
        .array(fc.boolean(), { minLength: range.length, maxLength: range.length })
        .map((upper) => [...range].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join('')),
    ),
  fc.constantFrom('text/calendarx', 'xtext/calendar', 'text/calendar/x', '*/calendar', 'text/', '/calendar', 'calendar'),
);
const weight = fc.constantFrom('', ';q=0', ';q=1', ';q=0.5', ';q=0.001', ';q=1.000', ';Q=0.3', ' ; q=0.9 ', ';q=2', ';q=-1', ';q=abc', ';q=', ';q=0.0001');
const otherParams = fc.constantFrom('', '; charset=utf-8', ';level=1', ';q=0.5;ext=1', ';;');
const junk = fc.string({ unit: fc.constantFrom(...' !#$%&\'*+-.^_`|~;=,/"0123456789aAzZ'.split('')), maxLength: 20 });
const acceptEntry = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(mediaRange, otherParams, weight).map(([range, params, q]) => `${range}${params}${q}`) },
  { weight: 1, arbitrary: junk },
);
const acceptHeader: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(acceptEntry, { minLength: 1, maxLength: 6 }).chain((entries) => fc.constantFrom(entries.join(','), entries.join(' , '))) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(acceptEntry, { maxLength: 3 }), fc.nat({ max: 300 }))
      .map(([tail, n]) => [...Array<string>(n).fill('text/x-long;q=0.1'), ...tail].join(', ')),
  },
);

describe('negotiated answers under generated Accept headers (issue #22)', () => {
  it('each gets what the chooser says, never a 5xx, and leaves JSON for plain requests to the same URL', async () => {
    const urls = [`${BASE}/events`, `${BASE}/events?per_page=3`, '/?rest_route=/tribe/events/v1/events', `/fr${BASE}/events?_fields=events.id`];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), acceptHeader, fc.constantFrom('get', 'head') as fc.Arbitrary<'get' | 'head'>, async (url, accept, method) => {
        const label = `${method.toUpperCase()} ${url} Accept: ${accept.slice(0, 200)}`;
        const res = await t.http[method](url).set('Accept', accept);
        if (res.status !== 200) throw new Error(`${label} → ${res.status} ${res.text?.slice(0, 400)}`);
        const expected = representationOf(accept) === 'calendar' ? 'text/calendar' : 'application/json';
        if (!res.headers['content-type'].startsWith(`${expected};`)) throw new Error(`${label} → ${res.headers['content-type']}, expected ${expected}`);
        for (const plain of [undefined, 'application/json']) {
          const after = await (plain ? t.http.get(url).set('Accept', plain) : t.http.get(url));
          if (after.status !== 200 || !after.headers['content-type'].startsWith('application/json;') || !/\bAccept\b/.test(after.headers.vary)) {
            throw new Error(`after ${label}: Accept ${plain ?? '(none)'} → ${after.status} ${after.headers['content-type']}, Vary ${after.headers.vary}`);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });
});
