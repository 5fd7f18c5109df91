import { removeAccents, sanitizeTitle, utf8UriEncode } from '../../../src/wordpress/slugs';

describe('sanitizeTitle (WordPress sanitize_title, save context)', () => {
  it.each([
    ['Hello World!', 'hello-world'],
    ['  --Trim me--  ', 'trim-me'],
    ['Café Crème Brûlée', 'cafe-creme-brulee'],
    ['Straße Ærøskøbing Łódź', 'strase-aeroskobing-lodz'],
    ['Tom’s “Diner”', 'toms-diner'],
    ['a – b — c', 'a-b-c'],
    ['100% sure', '100-sure'],
    ['already%20encoded', 'already%20encoded'],
    ['v1.2.3', 'v1-2-3'],
    ['A&amp;B &hellip; C', 'ab-c'],
    ['2×4 timber', '2x4-timber'],
    ['<b>Bold</b> move', 'bold-move'],
    ['path/to thing', 'path-to-thing'],
    ['under_score ok', 'under_score-ok'],
    ['中文', '%e4%b8%ad%e6%96%87'],
    ['🎉 party', '%f0%9f%8e%89-party'],
    ['Ünïcödé ÀÉÎÕÜ', 'unicode-aeiou'],
  ])('%s → %s', (title, slug) => {
    expect(sanitizeTitle(title)).toBe(slug);
  });

  it('uses the fallback when nothing slug-able remains', () => {
    expect(sanitizeTitle('!!!', '42')).toBe('42');
    expect(sanitizeTitle('')).toBe('');
  });

  it('stops at 200 encoded bytes without cutting a character', () => {
    expect(sanitizeTitle('a'.repeat(250))).toBe('a'.repeat(200));
    const encoded = sanitizeTitle('a'.repeat(198) + '中');
    expect(encoded).toBe('a'.repeat(198));
  });
});

describe('removeAccents / utf8UriEncode', () => {
  it('maps accented Latin letters and leaves other scripts alone', () => {
    expect(removeAccents('Ça déjà vu — Ωμέγα')).toBe('Ca deja vu — Ωμέγα');
    expect(removeAccents('plain ascii')).toBe('plain ascii');
    expect(removeAccents('e\u0301')).toBe('e');
  });

  it('percent-encodes non-ASCII characters in lower case', () => {
    expect(utf8UriEncode('aé', 0)).toBe('a%c3%a9');
    expect(utf8UriEncode('éé', 7)).toBe('%c3%a9');
  });
});
