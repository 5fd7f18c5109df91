import { decodedRow } from '../../../src/read-model/decoded-rows';
import { decodeValue, encodeValue } from '../../../src/read-model/value-codec';

describe('read model rows decoded once per text (src/read-model/decoded-rows.ts)', () => {
  it('gives the value decodeValue gives, the same object for the same text, another for another text', () => {
    const text = encodeValue({ meta: new Map([['_EventStartDate', ['2027-01-01 10:00:00']]]), title: 'x'.repeat(100) });
    const first = decodedRow<{ meta: Map<string, string[]>; title: string }>(text);
    expect(first).toEqual(decodeValue(text));
    // A text read again (a new string with the same characters) is not parsed again.
    expect(decodedRow(`${text.slice(0, 10)}${text.slice(10)}`)).toBe(first);
    const changed = encodeValue({ meta: new Map([['_EventStartDate', ['2027-01-02 10:00:00']]]), title: 'x'.repeat(100) });
    const second = decodedRow<{ meta: Map<string, string[]> }>(changed);
    expect(second).not.toBe(first);
    expect(second.meta.get('_EventStartDate')).toEqual(['2027-01-02 10:00:00']);
  });
});
