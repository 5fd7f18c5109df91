/**
 * An image given by URL that no attachment holds yet (docs/decisions.md, docs/trash-and-images.md): the write
 * creates an attachment record pointing at it — nothing is downloaded, so the service never makes a
 * request on a client's behalf (no SSRF) and WordPress reads the record back as any attachment.
 */
export interface ExternalImage {
  url: string;
  mimeType: string;
}

/** `guid` is a varchar(255) in WordPress's schema: the attachment's URL must fit in it. */
const MAX_URL_LENGTH = 255;

/** WordPress's image MIME types by file extension (`wp_get_mime_types`, image entries). */
const IMAGE_MIME_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

/**
 * The external image a URL names, or why it cannot be one: http(s) only, no credentials in it, at
 * most 255 characters, and a path ending in an image file extension (the MIME type comes from it, as
 * WordPress takes it from the file name).
 */
export function externalImage(value: string): ExternalImage | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'an image URL must use http or https' };
  if (url.username || url.password) return { problem: 'an image URL must not carry credentials' };
  if (value.length > MAX_URL_LENGTH) return { problem: `an image URL may have at most ${MAX_URL_LENGTH} characters` };
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase() ?? '';
  const mimeType = IMAGE_MIME_TYPES[extension];
  if (!mimeType) return { problem: `an image URL's path must end in an image file extension (${Object.keys(IMAGE_MIME_TYPES).join(', ')})` };
  return { url: value, mimeType };
}

/** The attachment title WordPress gives an uploaded file: its name without the extension, decoded. */
export function externalImageTitle(image: ExternalImage): string {
  const name = new URL(image.url).pathname.split('/').pop() ?? '';
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A malformed escape stays as written.
  }
  return decoded.replace(/\.[^.]*$/, '') || 'image';
}
