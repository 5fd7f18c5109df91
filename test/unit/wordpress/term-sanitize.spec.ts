import { sanitizeTermDescription, sanitizeTermName } from '../../../src/wordpress/term-sanitize';

describe('term field sanitising (sanitize_term, db context)', () => {
  it('strips tags and collapses whitespace in names, storing & < > as entities without double-encoding', () => {
    expect(sanitizeTermName('  Rock\n& <em>Roll</em>  ')).toBe('Rock &amp; Roll');
    expect(sanitizeTermName('Fish &amp; Chips')).toBe('Fish &amp; Chips');
    expect(sanitizeTermName('a < b')).toBe('a &lt; b');
    expect(sanitizeTermName('<script>alert(1)</script>Safe')).toBe('Safe');
    expect(sanitizeTermName('<b></b>')).toBe('');
  });

  it('keeps only basic inline tags and safe attributes in descriptions', () => {
    expect(sanitizeTermDescription('<p>Para</p> <em>kept</em> <a href="javascript:x()" title="t">l</a>')).toBe(
      'Para <em>kept</em> <a href="x()" title="t">l</a>',
    );
    expect(sanitizeTermDescription('Plain text')).toBe('Plain text');
  });
});
