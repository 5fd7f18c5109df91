import fc from 'fast-check';
import { localizedValue, originLocalizer, ORIGIN_PLACEHOLDER } from '../../../src/read-model';
import { decodeValue, encodeValue } from '../../../src/read-model/value-codec';

describe('read model values as text (src/read-model/value-codec.ts)', () => {
  it('gives back Maps (their key types and order), Sets and Dates, nested, and plain JSON as JSON does', () => {
    const value = {
      post: { ID: 12, post_title: 'A "quoted" title', post_date: new Date(Date.UTC(2033, 0, 2, 10)) },
      meta: new Map<string, string[]>([
        ['_EventStartDate', ['2033-01-02 10:00:00']],
        ['_EventVenueID', ['5', '7']],
      ]),
      byId: new Map<number, { tags: Set<string> }>([[7, { tags: new Set(['a', 'b']) }]]),
      list: [1, null, 'x', { nested: new Map([[1, [new Map([['deep', true]])]]]) }],
      image: false,
    };
    const back = decodeValue<typeof value>(encodeValue(value));
    expect(back).toEqual(value);
    expect([...back.meta.keys()]).toEqual(['_EventStartDate', '_EventVenueID']);
    expect([...back.byId.keys()]).toEqual([7]);
    expect(back.post.post_date).toBeInstanceOf(Date);
  });

  it('round-trips Maps, Sets and Dates nested anywhere, in arrays, objects and each other (a property)', () => {
    const json = fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    // Long strings are kept apart from the JSON unless they hold the character that separates them.
    const long = fc.tuple(fc.string({ minLength: 60, maxLength: 200 }), fc.constantFrom('', '\u0001', '"\\\n')).map(([text, extra]) => text + extra);
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        json,
        long,
        fc.date({ noInvalidDate: true }),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }),
        fc.array(fc.tuple(fc.oneof(fc.string(), fc.integer(), long), tie('value')), { maxLength: 3 }).map((entries) => new Map(entries)),
        fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }).map((items) => new Set(items)),
      ),
    }));
    fc.assert(
      fc.property(value, (v) => {
        expect(decodeValue(encodeValue(v))).toEqual(v);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps long strings apart, as they are (nothing to unescape), and those holding the separator in the JSON', () => {
    const text = `<p>A "quoted" description, long enough to be kept apart from the JSON of its row.</p>\n`;
    const encoded = encodeValue({ post: { post_content: text, title: 'short' }, odd: `${text}\u0001` });
    expect(encoded).toContain(`\u0001${text}`);
    expect(encoded.split('\u0001')).toHaveLength(2);
    expect(decodeValue(encoded)).toEqual({ post: { post_content: text, title: 'short' }, odd: `${text}\u0001` });
    expect(decodeValue(encodeValue(text))).toBe(text);
  });

  it('round-trips any JSON value unchanged (a property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(decodeValue(encodeValue(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the origin placeholder (src/read-model/origin-placeholder.ts)', () => {
  const rendered = {
    url: `${ORIGIN_PLACEHOLDER}/event/a/`,
    rest_url: `${ORIGIN_PLACEHOLDER}/wp-json/tribe/events/v1/events/12`,
    global_id: 'eca-origin.invalid?id=12',
    text: 'no link here',
    meta: new Map([['_x', [`${ORIGIN_PLACEHOLDER}/wp-content/uploads/a.jpg`]]]),
  };

  it('puts the whole origin where links have it and the host alone where a global_id has it', () => {
    const local = localizedValue(rendered, originLocalizer('https://Events.Example:8443'));
    expect(local).toEqual({
      url: 'https://Events.Example:8443/event/a/',
      rest_url: 'https://Events.Example:8443/wp-json/tribe/events/v1/events/12',
      global_id: 'events.example?id=12',
      text: 'no link here',
      meta: new Map([['_x', ['https://Events.Example:8443/wp-content/uploads/a.jpg']]]),
    });
  });

  it('keeps the text valid JSON for any origin a request can bring, and puts it back exactly (a property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ withFragments: false, withQueryParameters: false }), (url) => {
        const origin = new URL(url).origin;
        const local = localizedValue(rendered, originLocalizer(origin));
        expect(local.url).toBe(`${origin}/event/a/`);
        expect(local.global_id).toBe(`${new URL(origin).hostname}?id=12`);
      }),
      { numRuns: 300 },
    );
  });
});
