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

describe('read model rows decoded once per text of their row (a slot)', () => {
  const value = (day: number) => encodeValue({ meta: new Map([['_EventStartDate', [`2027-01-0${day} 10:00:00`]]]), title: 'y'.repeat(100) });

  it('reuses the value while the row holds the same text, and decodes the new text once the row changed', () => {
    const text = value(1);
    const first = decodedRow<{ meta: Map<string, string[]> }>(text, 'event@x\n7');
    expect(decodedRow(`${text.slice(0, 10)}${text.slice(10)}`, 'event@x\n7')).toBe(first);
    const rewritten = decodedRow<{ meta: Map<string, string[]> }>(value(2), 'event@x\n7');
    expect(rewritten).not.toBe(first);
    expect(rewritten.meta.get('_EventStartDate')).toEqual(['2027-01-02 10:00:00']);
    // And back: the value of whatever the row holds now, never the one remembered for an older text.
    expect(decodedRow<{ meta: Map<string, string[]> }>(text, 'event@x\n7').meta.get('_EventStartDate')).toEqual(['2027-01-01 10:00:00']);
  });

  it('never gives one row the value of another, nor of a text keyed by itself', () => {
    const text = value(3);
    const bySlot = decodedRow(text, 'event@x\n8');
    const other = decodedRow<{ meta: Map<string, string[]> }>(value(4), 'event@x\n9');
    expect(other.meta.get('_EventStartDate')).toEqual(['2027-01-04 10:00:00']);
    // A slot's name used as a text is decoded as that text, not answered with the slot's value.
    expect(() => decodedRow('event@x\n8')).toThrow();
    expect(decodedRow(text, 'event@x\n8')).toBe(bySlot);
  });
});
