import type { IncomingMessage } from 'node:http';
import { ifNoneMatchMatches } from '../../../src/cache/conditional-get';

const request = (ifNoneMatch?: string) => ({ headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch } }) as IncomingMessage;

describe('ifNoneMatchMatches (RFC 9110 §13.1.2, weak comparison)', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc" ', true],
    ['*', true],
    [' * ', true],
    ['"abcd"', false],
    ['abc', false],
    ['"x"', false],
    ['', false],
  ])('If-None-Match: %s → %s', (header, expected) => {
    expect(ifNoneMatchMatches(request(header), etag)).toBe(expected);
  });

  it('is false without the header', () => {
    expect(ifNoneMatchMatches(request(), etag)).toBe(false);
  });
});
