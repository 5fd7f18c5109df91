import { coerceScalar, CoercionFailure, toList } from '../../../src/rest/params/coerce';

describe('WordPress parameter coercion', () => {
  it.each([
    [5, 5],
    ['12', 12],
    [' -3 ', -3],
    ['+7', 7],
  ])('integer %p → %p', (raw, expected) => expect(coerceScalar(raw, 'integer')).toBe(expected));

  it.each([['foo'], ['1.5'], [1.5], [''], [true], ['9223372036854775808'], [null]])('integer rejects %p', (raw) =>
    expect(coerceScalar(raw, 'integer')).toBeInstanceOf(CoercionFailure),
  );

  it.each([
    [true, true],
    ['TRUE', true],
    ['1', true],
    [1, true],
    ['false', false],
    ['0', false],
    [0, false],
  ])('boolean %p → %p', (raw, expected) => expect(coerceScalar(raw, 'boolean')).toBe(expected));

  it.each([['yes'], ['on'], [2], ['']])('boolean rejects %p', (raw) => expect(coerceScalar(raw, 'boolean')).toBeInstanceOf(CoercionFailure));

  it('keeps strings and rejects non-strings', () => {
    expect(coerceScalar('a b', 'string')).toBe('a b');
    expect(coerceScalar(3, 'string')).toBeInstanceOf(CoercionFailure);
  });

  it('reads numbers from numeric strings', () => {
    expect(coerceScalar('2.5', 'number')).toBe(2.5);
    expect(coerceScalar('x', 'number')).toBeInstanceOf(CoercionFailure);
  });

  it('accepts arrays, qs index objects and (when allowed) comma lists', () => {
    expect(toList([1, 2], false)).toEqual([1, 2]);
    expect(toList({ 0: 'a', 1: 'b' }, false)).toEqual(['a', 'b']);
    expect(toList(' 1 , 2,,3 ', true)).toEqual(['1', '2', '3']);
    expect(toList('1,2', false)).toBeInstanceOf(CoercionFailure);
  });
});
