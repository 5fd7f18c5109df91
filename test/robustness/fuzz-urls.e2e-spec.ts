import fc from 'fast-check';
import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, BASE, SITE, startTestApp, TestApp } from '../support/test-app';

// Issue #22, as a property: a hostile URL (javascript:/data:/vbscript: in any case, with whitespace,
// control characters, entities or %-encoding in it, `scheme://host` forms, protocol-relative, very long)
// sent as a website or image is refused with 400 naming the parameter, or stored as an http(s) URL;
// and the same value written straight into the database, as WordPress may hold it, never comes out
// of a page as an href/src nor of the JSON-LD as a url/sameAs/image. Seeded (FUZZ_SEED), bounded
// (FUZZ_RUNS). The oracles below are written independently of the service's own URL rule.
jest.setTimeout(180_000);

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_422);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

const scheme = fc.mixedCase(fc.constantFrom('javascript', 'data', 'vbscript', 'jav&#x09;ascript'));
const noise = fc.constantFrom('', ' ', '\t', '\n', '\r', '\x00', '\x0b', '\x1f', '\u00a0', '%09', '&#9;', '&Tab;', '&#x0A;');
/** The scheme with noise somewhere in it (browsers drop tabs and newlines before reading it). */
const obfuscatedScheme = fc.tuple(scheme, fc.nat(), noise).map(([s, at, n]) => {
  const i = at % (s.length + 1);
  return s.slice(0, i) + n + s.slice(i);
});
const colon = fc.constantFrom(':', '&#58;', '&#x3a;', '&colon;', '%3a', '%3A', '\\u003a', ':\t');
const rest = fc.constantFrom(
  'alert(1)',
  '//example.org/%0aalert(document.domain)',
  '//example.org/a.png',
  '//x.org/a.png?y=1#z',
  'text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'image/png,AAAA',
  'msgbox(1)',
);
const hostile: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('', ' ', '\t', '\x01', '\u00a0'), obfuscatedScheme, colon, rest).map((parts) => parts.join('')),
  fc.constantFrom(
    '//evil.example/a.png',
    '///evil.example/a.png',
    '\\\\evil.example\\a.png',
    '/\\evil.example/a.png',
    'http:javascript:alert(1)',
    'https:/\\evil.example/a.png',
    'http://',
    'https:///a.png',
    'http://javascript:alert(1)@/a.png',
  ),
  fc.tuple(obfuscatedScheme, fc.integer({ min: 300, max: 5000 })).map(([s, n]) => `${s}://example.org/${'a'.repeat(n)}.png`),
  // Acceptable ones too, so both outcomes are exercised.
  fc.tuple(fc.mixedCase(fc.constantFrom('http', 'https')), fc.integer({ min: 1, max: 3000 })).map(([s, n]) => `${s}://ok.example/${'b'.repeat(n)}.png`),
);

/** http(s), a host, no whitespace or control character: what may be shown as a link. */
function isSafeHttp(value: string): boolean {
  if (!/^https?:\/\/[^/\s]/i.test(value) || /[\s\x00-\x1f\x7f]/.test(value)) return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

const event = { title: 'Fuzzed URL', start_date: '2032-01-01 10:00:00', end_date: '2032-01-01 11:00:00' };
/** A write carrying the value, the parameter a refusal must name, and where the answer shows what was stored. */
const targets: { path: string; param: string; body: (v: string) => object; stored: (b: any) => string }[] = [
  { path: '/organizers', param: 'website', body: (website) => ({ organizer: 'Fuzz', website }), stored: (b) => b.website ?? '' },
  { path: '/venues', param: 'website', body: (website) => ({ venue: 'Fuzz', website }), stored: (b) => b.website ?? '' },
  { path: '/venues', param: 'image', body: (image) => ({ venue: 'Fuzz', image }), stored: (b) => b.image?.url ?? '' },
  { path: '/events', param: 'website', body: (website) => ({ ...event, website }), stored: (b) => b.website },
  { path: '/events', param: 'image', body: (image) => ({ ...event, image }), stored: (b) => b.image?.url ?? '' },
  { path: '/events', param: 'venue', body: (website) => ({ ...event, venue: { venue: 'Inline', website } }), stored: (b) => b.venue.website ?? '' },
  {
    path: '/events',
    param: 'organizer',
    body: (website) => ({ ...event, organizer: [{ organizer: 'Inline', website }] }),
    stored: (b) => b.organizer[0].website ?? '',
  },
];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** Every href/src of a page, entity-decoded as a browser reads it. */
const linksOf = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1].replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]));
/** A link the pages may carry: http(s), an in-page anchor, mail, telephone, or the empty favicon. */
const isAllowedLink = (href: string) => isSafeHttp(href) || /^(#|mailto:|tel:)/.test(href) || href === 'data:,';

/** Every url/sameAs/image string member of a JSON-LD value, nested ones included. */
function jsonLdLinks(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(jsonLdLinks);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, member]) =>
    typeof member === 'string' ? (['url', 'sameAs', 'image'].includes(key) ? [member] : []) : jsonLdLinks(member),
  );
}
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

describe('hostile URLs (issue #22)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a write refuses them naming the parameter, or stores an http(s) URL', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), hostile, async (target, value) => {
        const res = await t.http.post(`${BASE}${target.path}`).set('Authorization', ADMIN).send(target.body(value));
        if (res.status === 400) {
          expect([res.body.code, res.body.data.status]).toEqual(['rest_invalid_param', 400]);
          expect(Object.keys(res.body.data.params)).toContain(target.param);
          return;
        }
        expect(res.status).toBe(201);
        expect(isSafeHttp(target.stored(res.body))).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('stored as WordPress may hold them, they never reach a page or JSON-LD as a link', async () => {
    const make = async (path: string, body: object) => (await t.http.post(`${BASE}${path}`).set('Authorization', ADMIN).send(body).expect(201)).body;
    const venue = await make('/venues', { venue: 'Stored venue', website: 'https://venue.example/' });
    const organizer = await make('/organizers', { organizer: 'Stored organizer', website: 'https://organizer.example/' });
    const stored = await make('/events', {
      ...event,
      website: 'https://event.example/',
      image: 'https://images.example/poster.png',
      venue: venue.id,
      organizer: [organizer.id],
    });
    const meta = t.db.sql.table('postmeta');
    const setMeta = (id: number, key: string, value: string) =>
      t.db.sql.run(`UPDATE ${meta} SET meta_value = ? WHERE post_id = ? AND meta_key = ?`, [value, id, key]);
    const pages = [stored.url, venue.url, organizer.url].map((url: string) => url.slice(SITE.length));

    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        await setMeta(venue.id, '_VenueURL', value);
        await setMeta(organizer.id, '_OrganizerWebsite', value);
        await setMeta(stored.id, '_EventURL', value);
        // `guid` is a varchar(255).
        await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET guid = ? WHERE ID = ?`, [value.slice(0, 255), stored.image.id]);
        await bumpCacheVersion(t);

        const read = (await t.http.get(`${BASE}/events/${stored.id}`).expect(200)).body;
        for (const link of jsonLdLinks(read.json_ld)) expect(link === '' || isSafeHttp(link)).toBe(true);
        for (const path of pages) {
          const html = (await t.http.get(path).expect(200)).text;
          for (const href of linksOf(html)) expect([href, isAllowedLink(href)]).toEqual([href, true]);
          for (const link of jsonLdOf(html).flatMap(jsonLdLinks)) expect([link, link === '' || isSafeHttp(link)]).toEqual([link, true]);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
