import { imageObject } from '../../../src/wordpress/attachments';
import { PostLinks } from '../../../src/wordpress/permalinks';
import { phpSerialize } from '../../../src/wordpress/php-serialization';
import { truncateSlug } from '../../../src/wordpress/posts.store';
import { phpStripTags, sanitizeTextField, stripAllTags } from '../../../src/wordpress/text-sanitize';

describe('post text, slugs, links and images', () => {
  it('sanitize_text_field: tags stripped, whitespace collapsed, octets removed, trimmed', () => {
    expect(sanitizeTextField('  Hello\n\tWorld  ')).toBe('Hello World');
    expect(sanitizeTextField('<b>Bold</b> <script>evil()</script>text')).toBe('Bold text');
    expect(sanitizeTextField('a < b')).toBe('a &lt; b');
    expect(sanitizeTextField('50%25 off %zz')).toBe('50 off %zz');
    expect(sanitizeTextField('Tom & Jerry')).toBe('Tom & Jerry');
    expect(sanitizeTextField(' https://e.example/a%20b ', true)).toBe('https://e.example/a%20b');
  });

  it('strips tags like PHP (quoted ">" inside a tag, comments, lone "<")', () => {
    expect(phpStripTags('<a title="x>y">link</a>')).toBe('link');
    expect(phpStripTags('a <!-- c --> b')).toBe('a  b');
    expect(phpStripTags('1 < 2')).toBe('1 < 2');
    expect(stripAllTags(' <style>p{}</style>x ')).toBe('x');
  });

  it('truncates slugs by bytes without cutting a percent-encoded octet', () => {
    expect(truncateSlug('abcdef', 4)).toBe('abcd');
    expect(truncateSlug('ab%e6%97%a5', 5)).toBe('ab');
    expect(truncateSlug('ab%e6%97%a5cd', 12)).toBe('ab%e6%97%a5c');
    expect(truncateSlug('short', 200)).toBe('short');
  });

  it('builds permalinks, guids and global IDs', () => {
    const links = new PostLinks({ publicBase: 'https://example.org/blog', structure: '/%postname%/', eventSlug: 'evento' });
    expect(links.permalink({ ID: 5, post_type: 'tribe_venue', post_status: 'publish', post_name: 'hall' })).toBe('https://example.org/blog/venue/hall/');
    expect(links.permalink({ ID: 5, post_type: 'tribe_events', post_status: 'private', post_name: 'fair' })).toBe('https://example.org/blog/evento/fair/');
    // wp_force_plain_post_permalink: a private record's pretty link only for callers who may read it; a published one for all.
    expect(links.permalink({ ID: 7, post_type: 'tribe_venue', post_status: 'private', post_name: 'hall' }, false)).toBe(
      'https://example.org/blog/?post_type=tribe_venue&p=7',
    );
    expect(links.permalink({ ID: 5, post_type: 'tribe_venue', post_status: 'publish', post_name: 'hall' }, false)).toBe('https://example.org/blog/venue/hall/');
    expect(links.permalink({ ID: 5, post_type: 'tribe_organizer', post_status: 'pending', post_name: 'o' })).toBe(
      'https://example.org/blog/?post_type=tribe_organizer&p=5',
    );
    expect(links.guid({ ID: 6, post_type: 'tribe_venue', post_status: 'draft', post_name: '' })).toBe('https://example.org/blog/?post_type=tribe_venue&p=6');
    expect(links.globalId(5)).toBe('example.org/blog?id=5');
    expect(
      new PostLinks({ publicBase: 'http://127.0.0.1:8080', structure: '/%postname%', eventSlug: 'event' }).permalink({
        ID: 1,
        post_type: 'tribe_venue',
        post_status: 'publish',
        post_name: 'v',
      }),
    ).toBe('http://127.0.0.1:8080/venue/v');
    expect(new PostLinks({ publicBase: 'http://127.0.0.1:8080', structure: '', eventSlug: 'event' }).globalIdLineage(1, ['a?id=2'])).toEqual([
      '127.0.0.1?id=1',
      'a?id=2',
    ]);
  });

  it('builds the image object from attachment meta (formats.md §3)', () => {
    const metadata = phpSerialize({
      width: 1200,
      height: 800,
      file: '2024/05/poster.jpg',
      filesize: 0,
      sizes: { thumbnail: { file: 'poster-150x150.jpg', width: 150, height: 150, 'mime-type': 'image/jpeg' } },
      image_meta: {},
      original_image: 'poster-orig.jpg',
    });
    expect(imageObject(7, 'https://s/u/2024/05/poster.jpg', '2024/05/poster.jpg', metadata)).toEqual({
      url: 'https://s/u/2024/05/poster.jpg',
      id: 7,
      extension: 'jpg',
      width: 1200,
      height: 800,
      sizes: { thumbnail: { width: 150, height: 150, 'mime-type': 'image/jpeg', url: 'https://s/u/2024/05/poster-150x150.jpg' } },
      original_image: 'poster-orig.jpg',
    });
    expect(imageObject(7, 'https://s/x.png', 'x.png', undefined)).toEqual({ url: 'https://s/x.png', id: 7, extension: 'png' });
  });
});
