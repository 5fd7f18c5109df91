import fc from 'fast-check';
import { answerJson, itemValues, JsonText } from '../../../src/rest/json-text';
import { parseFields, pickFields } from '../../../src/rest/global-params/response-fields';

// Strings of any code point (multi-byte UTF-8, lone surrogates) as well as the default ones.
const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary' }));
const item = fc.oneof(
  value,
  value.map((v) => new JsonText(JSON.stringify(v))),
);
/** What JSON.stringify makes of an answer whose JsonText items are their values. */
const expected = (body: unknown) => JSON.stringify(body, (_key, v: unknown) => (v instanceof JsonText ? v.toJSON() : v));

describe('answers with items already JSON (src/rest/json-text.ts)', () => {
  it('serialises exactly as JSON.stringify of the values, whatever the envelope holds (a property)', () => {
    const envelope = fc.dictionary(
      fc.string(),
      fc.oneof(
        fc.array(item, { maxLength: 4 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constant(undefined),
        fc.constant(() => 1),
      ),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(envelope, (body) => {
        expect(answerJson(body).equals(Buffer.from(expected(body), 'utf8'))).toBe(true);
      }),
    );
  });

  it('splices the text in as it is, and leaves other bodies to JSON.stringify', () => {
    const text = new JsonText('{"id":1,"title":"A"}');
    expect(answerJson({ events: [text, { id: 2 }], total: 2 }).toString()).toBe('{"events":[{"id":1,"title":"A"},{"id":2}],"total":2}');
    expect(answerJson({ events: [new JsonText('{"t":"Æ—😀"}')] }).toString()).toBe('{"events":[{"t":"Æ—😀"}]}');
    expect(answerJson([text]).toString()).toBe('[{"id":1,"title":"A"}]');
    expect(answerJson(null).toString()).toBe('null');
    expect(itemValues([text, { id: 2 }])).toEqual([{ id: 1, title: 'A' }, { id: 2 }]);
  });

  it('_fields cuts a text item down like a value', () => {
    const body = { events: [new JsonText('{"id":1,"title":"A","venue":{"venue":"Hall","city":"Oslo"}}')], total: 1 };
    expect(JSON.stringify(pickFields(body, parseFields('events.id,events.venue.city')!))).toBe('{"events":[{"id":1,"venue":{"city":"Oslo"}}]}');
  });
});
