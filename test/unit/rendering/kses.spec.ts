import { ksesPost, ksesTitle } from '../../../src/wordpress/rendering';

describe('ksesPost (wp_kses, post allow-list)', () => {
  it('removes disallowed elements but keeps their text (live install)', () => {
    expect(ksesPost('<script>alert(1)</script>')).toBe('alert(1)');
    expect(ksesPost('<iframe src="https://x"></iframe>Text<form action="/x"><input name="a"></form>')).toBe('Text');
  });
  it('drops disallowed attributes and keeps allowed and global ones', () => {
    expect(ksesPost('<a href="https://example.org/" onclick="steal()" target="_blank" data-id="7" class="c">t</a>')).toBe(
      '<a href="https://example.org/" target="_blank" data-id="7" class="c">t</a>',
    );
    expect(ksesPost('<p onmouseover="x" id="p1" align=center>p</p>')).toBe('<p id="p1" align="center">p</p>');
    expect(ksesPost('<img src="/a.png" alt=\'A\' onerror="x" />')).toBe(`<img src="/a.png" alt='A' />`);
  });
  it('strips disallowed URL protocols', () => {
    expect(ksesPost('<a href="javascript:alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>');
    expect(ksesPost('<a href="mailto:a@b.c">m</a>')).toBe('<a href="mailto:a@b.c">m</a>');
    expect(ksesPost('<a href="JaVaScRiPt&#58;x()">x</a>')).toBe('<a href="x()">x</a>');
  });
  it('filters inline styles property by property', () => {
    expect(ksesPost('<p style="color: red; behavior: url(x); width: calc(100% - 2px)">p</p>')).toBe('<p style="color: red;width: calc(100% - 2px)">p</p>');
    expect(ksesPost('<span style="expression(alert(1))">s</span>')).toBe('<span>s</span>');
    expect(ksesPost('<div style="background-image: url(javascript:x)">d</div>')).toBe('<div>d</div>');
  });
  it('normalises entities and escapes a lone less-than sign', () => {
    expect(ksesPost('a < b & c &copy; &bogus; &#65; &#x41; &#0;')).toBe('a &lt; b &amp; c &copy; &amp;bogus; &#065; &#x41; &amp;#0;');
    expect(ksesPost('1 > 0')).toBe('1 &gt; 0');
  });
  it('keeps comments, including block delimiters', () => {
    expect(ksesPost('<!-- wp:paragraph {"align":"center"} -->\n<p>x</p>\n<!-- /wp:paragraph -->')).toBe(
      '<!-- wp:paragraph {"align":"center"} -->\n<p>x</p>\n<!-- /wp:paragraph -->',
    );
    expect(ksesPost('<!-- a -- b -->')).toBe('<!-- a - b -->');
  });
  it('checks valueless rules (a download)', () => {
    expect(ksesPost('<a href="/f" download>f</a>')).toBe('<a href="/f" download>f</a>');
    expect(ksesPost('<a href="/f" download="x">f</a>')).toBe('<a href="/f">f</a>');
  });
  it('keeps closing tags of allowed elements without attributes', () => {
    expect(ksesPost('<strong>b</strong ><em>i</ em>')).toBe('<strong>b</strong><em>i</em>');
  });
});

describe('ksesTitle (wp_kses, basic inline tags)', () => {
  it('keeps basic inline tags and drops the rest', () => {
    expect(ksesTitle('<b>Bold</b> <div class="x">x</div> <a href="http://x" target="_blank" title="t">l</a>')).toBe(
      '<b>Bold</b> x <a href="http://x" title="t">l</a>',
    );
    expect(ksesTitle('<em class="x">e</em><script>bad()</script>')).toBe('<em>e</em>bad()');
  });
  it('encodes bare ampersands', () => {
    expect(ksesTitle('Tom & Jerry')).toBe('Tom &amp; Jerry');
  });
});
