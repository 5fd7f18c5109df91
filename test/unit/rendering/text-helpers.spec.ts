import { decodeEntities, escJs, jsonLdDescription, jsonLdName, renderTitle, sanitizeMetaString, trimWords } from '../../../src/wordpress/rendering';

describe('JSON-LD text (events.md §1.5)', () => {
  it('escapes the raw excerpt after auto-paragraphs, ending in a literal \\n (live install)', () => {
    expect(jsonLdDescription('Excerpt 1', '<p>ignored</p>')).toBe('&lt;p&gt;Excerpt 1&lt;/p&gt;\\n');
  });
  it('falls back to the content cut to 55 words without tags', () => {
    expect(jsonLdDescription('', 'Description of venue 1.')).toBe('&lt;p&gt;Description of venue 1.&lt;/p&gt;\\n');
    const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(jsonLdDescription(null, `<p>${long}</p>`)).toBe(`&lt;p&gt;${Array.from({ length: 55 }, (_, i) => `w${i}`).join(' ')} [&hellip;]&lt;/p&gt;\\n`);
  });
  it('removes shortcodes and keeps entities', () => {
    expect(jsonLdDescription('Fish & [gallery] chips', '')).toBe('&lt;p&gt;Fish &amp;  chips&lt;/p&gt;\\n');
  });
  it('name is the rendered title, escaped for JavaScript', () => {
    expect(jsonLdName(renderTitle(`Tom & Jerry's "Show"`))).toBe('Tom &#038; Jerry&#8217;s &#8220;Show&#8221;');
    expect(escJs(`it's "x"\r\n`)).toBe(`it\\'s &quot;x&quot;\\n`);
  });
  it('trimWords counts space-separated words', () => {
    expect(trimWords('a b  c\nd', 3, '…')).toBe('a b c…');
    expect(trimWords('<b>a</b> b', 3, '…')).toBe('a b');
  });
});

describe('stored text (storage.md §3)', () => {
  it('strips tags and decodes entities', () => {
    expect(sanitizeMetaString(' <b>Main</b> St &amp; 5th &#8211; &eacute;<script>x()</script> ')).toBe('Main St & 5th – é');
  });
  it('leaves unknown entities alone', () => {
    expect(decodeEntities('&bogus; &constructor; &#0; &#x41;')).toBe('&bogus; &constructor; &#0; A');
  });
});
