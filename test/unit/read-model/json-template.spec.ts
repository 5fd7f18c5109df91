import fc from 'fast-check';
import { filledTemplate, jsonTemplate, templateHoles, TemplateHole } from '../../../src/read-model';

/** A JSON value with TemplateHoles anywhere a value may stand, and the same value with each hole's own value. */
const withHoles = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 0 }),
      // Text that spells out what a hole's marker looks like stays text.
      fc.constantFrom('\u0001', '\u0001x:1\u0001', '"\\u0001"', '\\u0001abc:2\\u0001'),
      fc.nat({ max: 50 }).map((key) => new TemplateHole(key)),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
    ),
  }))
  .value.chain((value) => fc.record({ value: fc.constant(value), holeValue: fc.func(fc.nat()) }));

function filled(value: unknown, holeValue: (key: number) => number): unknown {
  if (value instanceof TemplateHole) return holeValue(value.key);
  if (Array.isArray(value)) return value.map((item) => filled(item, holeValue));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v, holeValue)]));
  return value;
}

describe('JSON with holes (src/read-model/json-template.ts)', () => {
  it('filled, is exactly JSON.stringify of the value with each hole replaced, and says where each number stands (a property)', () => {
    fc.assert(
      fc.property(withHoles, ({ value, holeValue }) => {
        const template = jsonTemplate(value);
        const { text, holes } = filledTemplate(template, holeValue);
        expect(text).toBe(JSON.stringify(filled(value, holeValue)));
        expect(holes.map((hole) => hole.key)).toEqual(templateHoles(template));
        for (const hole of holes) expect(text.slice(hole.at, hole.at + hole.length)).toBe(String(holeValue(hole.key)));
      }),
    );
  });

  it('names its holes in order, and a value without any is one text', () => {
    const template = jsonTemplate({ a: [{ count: new TemplateHole(7) }, { count: new TemplateHole(3) }], b: 'x' });
    expect(templateHoles(template)).toEqual([7, 3]);
    expect(filledTemplate(template, (key) => key * 10)).toEqual({
      text: '{"a":[{"count":70},{"count":30}],"b":"x"}',
      holes: [
        { at: 15, length: 2, key: 7, value: 70 },
        { at: 28, length: 2, key: 3, value: 30 },
      ],
    });
    expect(jsonTemplate({ title: 'No "holes" \u0001' })).toEqual([JSON.stringify({ title: 'No "holes" \u0001' })]);
  });
});
