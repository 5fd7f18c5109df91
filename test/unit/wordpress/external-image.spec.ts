import { externalImage, externalImageTitle } from '../../../src/wordpress/external-image';

describe('externalImage (images by URL, docs/trash-and-images.md)', () => {
  it('takes the MIME type from the path’s extension, whatever the query or case', () => {
    expect(externalImage('https://cdn.example.org/a/B.JPG?w=300#x')).toEqual({ url: 'https://cdn.example.org/a/B.JPG?w=300#x', mimeType: 'image/jpeg' });
    expect(externalImage('http://example.org/logo.svg')).toMatchObject({ mimeType: 'image/svg+xml' });
    expect(externalImage('http://example.org/photo.avif')).toMatchObject({ mimeType: 'image/avif' });
  });

  it('gives the reason a URL cannot be an image record', () => {
    const problem = (url: string) => (externalImage(url) as { problem?: string }).problem;
    expect(problem('not a url')).toBe('not a URL');
    expect(problem('javascript:alert(1)//a.png')).toMatch(/http or https/);
    expect(problem('file:///etc/passwd.png')).toMatch(/http or https/);
    expect(problem('https://a:b@example.org/x.png')).toMatch(/credentials/);
    expect(problem('https://example.org/x.png.exe')).toMatch(/image file extension/);
    expect(problem('https://example.org/image?format=png')).toMatch(/image file extension/);
    expect(problem(`https://example.org/${'x'.repeat(250)}.png`)).toMatch(/255/);
  });

  it('titles the attachment by the decoded file name without its extension', () => {
    expect(externalImageTitle({ url: 'https://e.org/m/Summer%20Poster.final.jpg', mimeType: 'image/jpeg' })).toBe('Summer Poster.final');
    expect(externalImageTitle({ url: 'https://e.org/m/%E0%A4%A.png', mimeType: 'image/png' })).toBe('%E0%A4%A');
    expect(externalImageTitle({ url: 'https://e.org/.png', mimeType: 'image/png' })).toBe('image');
  });
});
