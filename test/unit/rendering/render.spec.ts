import { renderContent, renderExcerpt, renderTitle, wpautop, wptexturize } from '../../../src/wordpress/rendering';

describe('renderTitle (the_title)', () => {
  it('texturizes and converts characters like the live install', () => {
    expect(renderTitle(`Tom & Jerry's "Show" -- 3x4...`)).toBe('Tom &#038; Jerry&#8217;s &#8220;Show&#8221; &#8212; 3&#215;4&#8230;');
  });
  it('keeps plain titles, trims, and returns "" for empty input', () => {
    expect(renderTitle('Event 01')).toBe('Event 01');
    expect(renderTitle('  Padded  ')).toBe('Padded');
    expect(renderTitle('')).toBe('');
    expect(renderTitle(null)).toBe('');
  });
  it('keeps existing entities and fixes the WordPress capital P', () => {
    expect(renderTitle('A &amp; B &#8211; C')).toBe('A &amp; B &#8211; C');
    expect(renderTitle('Wordpress meetup')).toBe('WordPress meetup');
  });
  it('does not texturize inside tags but encodes their bare ampersands', () => {
    expect(renderTitle('<a href="/x?a=1&b=2">Q&A</a>')).toBe('<a href="/x?a=1&#038;b=2">Q&#038;A</a>');
  });
});

describe('wptexturize', () => {
  it.each([
    [`"Hello"`, '&#8220;Hello&#8221;'],
    [`It's`, 'It&#8217;s'],
    [`'cause`, '&#8217;cause'],
    [`9' tall`, '9&#8242; tall'],
    [`9" tall`, '9&#8243; tall'],
    [`'99 was`, '&#8217;99 was'],
    [`'quoted' "42"`, '&#8216;quoted&#8217; &#8220;42&#8221;'],
    ['1---2', '1&#8212;2'],
    ['a -- b', 'a &#8212; b'],
    ['1--2', '1&#8211;2'],
    ['a - b', 'a &#8211; b'],
    ['xn--domain', 'xn--domain'],
    ['Brand (tm)', 'Brand &#8482;'],
    ['Wait...', 'Wait&#8230;'],
    ['2x4 but 0x1234', '2&#215;4 but 0x1234'],
    ["``quote''", '&#8220;quote&#8221;'],
    ['Fish & chips &amp; &#169; &#x00A9;', 'Fish &#038; chips &amp; &#169; &#x00A9;'],
  ])('%s', (input, expected) => {
    expect(wptexturize(input)).toBe(expected);
  });
  it('skips pre, code, kbd, style, script, tt and HTML comments', () => {
    expect(wptexturize(`<pre>a -- "b"</pre> "c"`)).toBe('<pre>a -- "b"</pre> &#8220;c&#8221;');
    expect(wptexturize(`<code>it's</code> it's`)).toBe(`<code>it's</code> it&#8217;s`);
    expect(wptexturize(`<script>var a = "x" -- 1;</script>`)).toBe(`<script>var a = "x" -- 1;</script>`);
    expect(wptexturize('<!-- "quoted" -- -->')).toBe('<!-- "quoted" -- -->');
  });
});

describe('wpautop', () => {
  it('wraps blocks in paragraphs and single newlines in <br />', () => {
    expect(wpautop('a\n\nb')).toBe('<p>a</p>\n<p>b</p>\n');
    expect(wpautop('Line1\nLine2')).toBe('<p>Line1<br />\nLine2</p>\n');
    expect(wpautop('a\r\n\r\nb')).toBe('<p>a</p>\n<p>b</p>\n');
  });
  it('does not wrap block-level elements', () => {
    expect(wpautop('<ul>\n<li>x</li>\n</ul>')).toBe('<ul>\n<li>x</li>\n</ul>\n');
    expect(wpautop('text\n<div>block</div>\nafter')).toBe('<p>text</p>\n<div>block</div>\n<p>after</p>\n');
    expect(wpautop('<blockquote>q</blockquote>')).toBe('<blockquote><p>q</p></blockquote>\n');
  });
  it('normalises <br> and turns double <br> into paragraphs', () => {
    expect(wpautop('text<br>more')).toBe('<p>text<br />more</p>\n');
    expect(wpautop('x<br/><br/>y')).toBe('<p>x</p>\n<p>y</p>\n');
  });
  it('leaves <pre> content and newlines inside tags alone', () => {
    expect(wpautop('<pre>a\n\nb</pre>')).toBe('<pre>a\n\nb</pre>\n');
    expect(wpautop('<span\nclass="x">y</span>')).toBe('<p><span\nclass="x">y</span></p>\n');
    expect(wpautop('<script>a\nb</script>')).toBe('<p><script>a\nb</script></p>\n');
  });
  it('returns "" for blank input', () => {
    expect(wpautop('')).toBe('');
    expect(wpautop(' \n\t')).toBe('');
  });
});

describe('renderContent (the_content)', () => {
  it('matches the plugin on classic content (TEC test and fixtures)', () => {
    expect(renderContent('Event 01 description')).toBe('<p>Event 01 description</p>');
    expect(renderContent('Seeded event number 1. Lorem ipsum dolor sit amet, consectetur adipiscing elit.')).toBe(
      '<p>Seeded event number 1. Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>',
    );
    expect(renderContent('Sample description')).toBe('<p>Sample description</p>');
  });
  it('returns "" for empty content', () => {
    expect(renderContent('')).toBe('');
    expect(renderContent(undefined)).toBe('');
    expect(renderContent('\n\n')).toBe('');
  });
  it('texturizes, auto-paragraphs and trims multi-paragraph content', () => {
    expect(renderContent('It\'s "on"\nsecond line\n\nNext -- para\n')).toBe('<p>It&#8217;s &#8220;on&#8221;<br />\nsecond line</p>\n<p>Next &#8212; para</p>');
  });
  it('renders blocks: delimiters removed, no wpautop, paragraph class added (WordPress 7.0)', () => {
    const raw =
      '<!-- wp:paragraph -->\n<p>Hello "world"</p>\n<!-- /wp:paragraph -->\n\n' +
      '<!-- wp:paragraph {"align":"center"} -->\n<p class="has-text-align-center">Two</p>\n<!-- /wp:paragraph -->';
    expect(renderContent(raw)).toBe(
      '<p class="wp-block-paragraph">Hello &#8220;world&#8221;</p>\n\n\n\n<p class="has-text-align-center wp-block-paragraph">Two</p>',
    );
  });
  it('renders nested and static blocks from their saved HTML', () => {
    const raw =
      '<!-- wp:group -->\n<div class="wp-block-group"><!-- wp:heading -->\n<h2 class="wp-block-heading">Title</h2>\n<!-- /wp:heading -->' +
      '\n\n<!-- wp:list -->\n<ul><li>One</li></ul>\n<!-- /wp:list --></div>\n<!-- /wp:group -->';
    expect(renderContent(raw)).toBe('<div class="wp-block-group">\n<h2 class="wp-block-heading">Title</h2>\n\n\n\n<ul><li>One</li></ul>\n</div>');
  });
  it('keeps freeform text around blocks and drops dynamic void blocks', () => {
    expect(renderContent('Intro\n<!-- wp:tribe/event-datetime /-->\n<!-- wp:separator -->\n<hr class="wp-block-separator"/>\n<!-- /wp:separator -->')).toBe(
      'Intro\n\n\n<hr class="wp-block-separator"/>',
    );
  });
  it('leaves shortcodes as text (none are registered)', () => {
    expect(renderContent('[my_shortcode id="7"]')).toBe('<p>[my_shortcode id=&#8221;7&#8243;]</p>');
  });
});

describe('renderExcerpt (the_excerpt)', () => {
  it('auto-paragraphs and converts characters', () => {
    expect(renderExcerpt('Excerpt 1')).toBe('<p>Excerpt 1</p>');
    expect(renderExcerpt('Short & sweet\nline')).toBe('<p>Short &#038; sweet<br />\nline</p>');
  });
  it('is "" when the excerpt is empty (no automatic excerpt)', () => {
    expect(renderExcerpt('')).toBe('');
    expect(renderExcerpt(null)).toBe('');
  });
});

describe('hostile input', () => {
  it('renders malformed block comments and tag soup in linear time', () => {
    const inputs = ['<!-- wp:x {' + '"a":"b",'.repeat(20000) + ' -->', '<!-- wp:x {' + 'a}'.repeat(20000), '<'.repeat(40000), `'"`.repeat(20000)];
    const started = Date.now();
    for (const input of inputs) expect(typeof renderContent(input)).toBe('string');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
