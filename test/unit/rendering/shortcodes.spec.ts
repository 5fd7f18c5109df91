import { renderContent } from '../../../src/wordpress/rendering';
import {
  captionShortcode,
  embedShortcode,
  galleryAttachmentIds,
  parseShortcodeAtts,
  shortcodeUnautop,
  stripcslashes,
} from '../../../src/wordpress/rendering/shortcodes';

const IMG = '<img class="size-medium wp-image-12" src="http://example.org/a.jpg" alt="" width="300" height="200" />';

describe('WordPress core shortcodes on the_content', () => {
  it('parses attributes as shortcode_parse_atts does', () => {
    expect(parseShortcodeAtts(' id="attachment_12" Align=\'center\' width=300 "pos" \'two\' three')).toEqual({
      id: 'attachment_12',
      align: 'center',
      width: '300',
      0: 'pos',
      1: 'two',
      2: 'three',
    });
    expect(parseShortcodeAtts(' caption="a <b>bold</b> one"')).toEqual({ caption: 'a <b>bold</b> one' });
    expect(parseShortcodeAtts(' caption="broken <b"')).toEqual({ caption: '' });
    expect(parseShortcodeAtts('')).toBe('');
    expect(stripcslashes('a\\nb\\\\c\\x41\\101\\q')).toBe('a\nb\\cAAq');
  });

  it('renders [caption] as img_caption_shortcode does (HTML5 figure)', () => {
    expect(captionShortcode({ id: 'attachment_12', align: 'aligncenter', width: '300' }, `${IMG} A caption`)).toBe(
      `<figure id="attachment_12" aria-describedby="caption-attachment-12" style="width: 300px" class="wp-caption aligncenter">${IMG}` +
        '<figcaption id="caption-attachment-12" class="wp-caption-text">A caption</figcaption></figure>',
    );
    // Old style: the caption as an attribute (kses'd when it holds markup); no id → no ids.
    expect(captionShortcode({ width: '150px', caption: 'Old <script>x</script><em>style</em>', class: 'extra' }, IMG)).toBe(
      `<figure style="width: 150px" class="wp-caption alignnone extra">${IMG}<figcaption class="wp-caption-text">Old x<em>style</em></figcaption></figure>`,
    );
    // No width or no caption: the content alone.
    expect(captionShortcode({ caption: 'x' }, IMG)).toBe(IMG);
    expect(captionShortcode({ width: '300' }, IMG)).toBe(IMG);
    expect(captionShortcode({ width: '300', caption: '0' }, IMG)).toBe(IMG);
    expect(captionShortcode({ id: 'a b%20c"', caption_id: 'my cap', width: '10' }, `${IMG}c`)).toContain('id="abc" aria-describedby="mycap"');
  });

  it('renders [embed] of an unknown provider as its link (WP_Embed::maybe_make_link)', () => {
    expect(embedShortcode({}, 'https://example.org/a?x=1&amp;y=2')).toBe('<a href="https://example.org/a?x=1&#038;y=2">https://example.org/a?x=1&amp;y=2</a>');
    expect(embedShortcode({ src: 'https://example.org/v' }, '')).toBe('<a href="https://example.org/v">https://example.org/v</a>');
    expect(embedShortcode({}, '')).toBe('');
    expect(embedShortcode({}, 'javascript:alert(1)')).toBe('<a href="">javascript:alert(1)</a>');
  });

  it('removes the paragraph wpautop puts around a shortcode alone in it', () => {
    expect(shortcodeUnautop('<p>[gallery ids="1,2"]</p>\n<p>text [caption] more</p>')).toBe('[gallery ids="1,2"]\n<p>text [caption] more</p>');
    expect(shortcodeUnautop('<p> [caption width="1"]x[/caption] </p>')).toBe('[caption width="1"]x[/caption]');
    expect(shortcodeUnautop('<p>[unknown]</p>')).toBe('<p>[unknown]</p>');
  });

  it('runs the whole the_content chain: texturized caption text, shortcode tags untouched, paragraphs unwrapped', () => {
    const raw = `Before "it".\n\n[caption id="attachment_12" align="aligncenter" width="300"]${IMG} A "quoted" caption[/caption]\n\nAfter.`;
    expect(renderContent(raw)).toBe(
      '<p>Before &#8220;it&#8221;.</p>\n' +
        `<figure id="attachment_12" aria-describedby="caption-attachment-12" style="width: 300px" class="wp-caption aligncenter">${IMG}` +
        '<figcaption id="caption-attachment-12" class="wp-caption-text">A &#8220;quoted&#8221; caption</figcaption></figure>\n' +
        '<p>After.</p>',
    );
  });

  it('keeps escaped, unregistered and not-reproduced core shortcodes as text', () => {
    expect(renderContent('[[caption width="3"]x[/caption]]')).toBe('<p>[caption width="3"]x[/caption]</p>');
    expect(renderContent('[foo bar="x"]')).toBe('<p>[foo bar=&#8221;x&#8221;]</p>');
    expect(renderContent('[gallery ids="1,2"]')).toBe('[gallery ids="1,2"]');
    expect(renderContent('[embed]https://example.org/talk[/embed]')).toBe('<p><a href="https://example.org/talk">https://example.org/talk</a></p>');
    expect(renderContent('No shortcode at all')).toBe('<p>No shortcode at all</p>');
  });

  it('removes a [gallery] none of whose named attachments is an existing image, as gallery_shortcode does (issue #22)', () => {
    // `ids` wins over `include`; wp_parse_id_list reads `x` as 0; escaped galleries name nothing.
    expect(galleryAttachmentIds('[gallery ids="3, 4,x" include="9"] [gallery include="5 6"] [[gallery ids="7"]] [gallery] [gallery ids="0"]')).toEqual([
      3, 4, 0, 5, 6,
    ]);
    expect(galleryAttachmentIds('No gallery')).toEqual([]);
    const images = new Set([4]);
    expect(renderContent('A\n\n[gallery ids="1,2"]\n\nB', images)).toBe('<p>A</p>\n\n<p>B</p>');
    expect(renderContent('[gallery ids="1,4"]', images)).toBe('[gallery ids="1,4"]');
    // Without named IDs WordPress shows the post's attached images: kept as written.
    expect(renderContent('[gallery]', images)).toBe('[gallery]');
    expect(renderContent('[[gallery ids="1"]]', images)).toBe('<p>[gallery ids="1"]</p>');
  });
});
