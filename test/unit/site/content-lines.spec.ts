import { foldLine, paramValue, serialize, text, utcOffset } from '../../../src/site/ical/content-lines';

describe('iCalendar content lines (RFC 5545 §3.1, §3.3)', () => {
  it('folds at 75 octets, continuation lines starting with one space', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.map((l) => Buffer.byteLength(l))).toEqual([75, 75, 1 + (line.length - 75 - 74)]);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(line);
  });

  it('never splits a UTF-8 sequence (accents, CJK, emoji)', () => {
    const line = `SUMMARY:${'é'.repeat(40)}${'音'.repeat(30)}${'🎉'.repeat(20)}`;
    const folded = foldLine(line).split('\r\n');
    for (const part of folded) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part); // no lone halves
      expect(part).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
    }
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(line);
  });

  it('leaves short lines alone and ends every line with CRLF', () => {
    expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0');
    expect(serialize(['BEGIN:VCALENDAR', 'END:VCALENDAR'])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });

  it('escapes TEXT values: backslash, semicolon, comma, line breaks; drops control characters', () => {
    expect(text('a\\b;c,d\ne\r\nf\rg\u0000h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  it('quotes parameter values that need it and replaces double quotes', () => {
    expect(paramValue('Org')).toBe('Org');
    expect(paramValue('Smith, "Jo"')).toBe(`"Smith, 'Jo'"`);
    expect(paramValue('a:b')).toBe('"a:b"');
  });

  it('writes UTC offsets with seconds only when there are some', () => {
    expect(utcOffset(3600)).toBe('+0100');
    expect(utcOffset(-4 * 3600 - 1800)).toBe('-0430');
    expect(utcOffset(0)).toBe('+0000');
    expect(utcOffset(-(4 * 3600 + 56 * 60 + 2))).toBe('-045602');
  });
});
