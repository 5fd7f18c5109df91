import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { Sql } from '../database/sql';
import { OptionsStore } from './options.store';
import { phpUnserialize } from './php-serialization';
import { ExternalImage, externalImageTitle } from './external-image';
import { PostsStore } from './posts.store';
import { SiteNow } from './site-clock';
import { sanitizeTitle } from './slugs';
import { sanitizeTextField } from './text-sanitize';
import { SiteService } from './site.service';

/** The `image` object of events, venues and organizers (formats.md §3). */
export type ImageObject = Record<string, unknown>;

const ATTACHED_FILE = '_wp_attached_file';
const ATTACHMENT_METADATA = '_wp_attachment_metadata';
const IMPORTED_FROM = '_tribe_importer_original_url';
const IMAGE_EXTENSIONS = /\.(jpe?g|jpe|gif|png|bmp|tiff?|webp|avif|heic|ico|svg)$/i;

/** PHP `empty()` for the values attachment metadata holds. */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (value && typeof value === 'object') return Object.keys(value).length === 0;
  return value === '' || value === 0 || value === '0' || value === false || value === null || value === undefined;
}

function extensionOf(file: string): string {
  const base = file.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
}

/** Builds the image object from an attachment's URL and meta (TEC `Post_Repository::get_featured_image`). */
export function imageObject(id: number, fullUrl: string, attachedFile: string, rawMetadata: string | undefined): ImageObject {
  const data: ImageObject = { url: fullUrl, id, extension: extensionOf(attachedFile) };
  const metadata = phpUnserialize<Record<string, unknown>>(rawMetadata);
  if (!metadata || typeof metadata !== 'object' || !('image_meta' in metadata) || !('file' in metadata) || !('sizes' in metadata)) {
    return data;
  }
  const directory = fullUrl.slice(0, fullUrl.lastIndexOf('/') + 1);
  const merged: ImageObject = { ...data };
  for (const [key, value] of Object.entries(metadata)) {
    if (key === 'image_meta' || key === 'file') continue;
    if (key === 'sizes' && value && typeof value === 'object') {
      merged.sizes = Object.fromEntries(
        Object.entries(value as Record<string, Record<string, unknown>>).map(([size, entry]) => {
          const { file, ...rest } = entry ?? {};
          return [size, { ...rest, url: typeof file === 'string' && file ? directory + file : '' }];
        }),
      );
      continue;
    }
    merged[key] = value;
  }
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => !isEmpty(v)));
}

/** `_wp_attachment_metadata` of an image given by URL: its `full` size is the URL's file name (`wp_basename`). */
function externalImageMetadata(url: string): { sizes: { full: { file: string; width: number; height: number } } } {
  return { sizes: { full: { file: url.slice(url.lastIndexOf('/') + 1), width: 0, height: 0 } } };
}

/**
 * Attachment posts: image objects for many IDs at once, the lookups image input needs, and the
 * records of images given by URL (external-image.ts).
 */
@Injectable()
export class AttachmentsStore {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly options: OptionsStore,
    private readonly site: SiteService,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /** Uploads base URL: option `upload_url_path`, else `{siteurl}/wp-content/uploads` (formats.md §3). */
  async uploadsBaseUrl(requestOrigin: string): Promise<string> {
    const raw = await this.options.getRaw(['upload_url_path', 'siteurl']);
    const configured = raw.get('upload_url_path')?.trim();
    if (configured) return configured.replace(/\/+$/, '');
    const siteurl = raw.get('siteurl')?.trim() || (await this.site.publicBase(requestOrigin));
    return `${siteurl.replace(/\/+$/, '')}/wp-content/uploads`;
  }

  /** Image objects keyed by attachment ID; IDs that are not attachments are absent. */
  async images(ids: readonly number[], requestOrigin: string): Promise<Map<number, ImageObject>> {
    const attachments = [...(await this.posts.byIds(ids)).values()].filter((p) => p.post_type === 'attachment');
    if (!attachments.length) return new Map();
    const meta = await this.posts.meta(
      attachments.map((a) => a.ID),
      [ATTACHED_FILE, ATTACHMENT_METADATA],
    );
    const base = await this.uploadsBaseUrl(requestOrigin);
    const result = new Map<number, ImageObject>();
    for (const attachment of attachments) {
      const m = meta.get(attachment.ID)!;
      const file = m.get(ATTACHED_FILE)?.[0] ?? '';
      const url = file ? (/^https?:\/\//i.test(file) ? file : `${base}/${file.replace(/^\/+/, '')}`) : attachment.guid;
      result.set(attachment.ID, imageObject(attachment.ID, url, file, m.get(ATTACHMENT_METADATA)?.[0]));
    }
    return result;
  }

  /** Whether the ID is an attachment holding an image (MIME `image/*` or an image file name). */
  async isImage(id: number): Promise<boolean> {
    const post = await this.posts.byId(id);
    if (!post || post.post_type !== 'attachment') return false;
    if (post.post_mime_type.startsWith('image/')) return true;
    const file = (await this.posts.metaOf(id, [ATTACHED_FILE])).get(ATTACHED_FILE)?.[0] ?? post.guid;
    return IMAGE_EXTENSIONS.test(file);
  }

  /**
   * The existing image attachment a URL names: by `guid`, by `_tribe_importer_original_url` or by its
   * computed full URL (formats.md §3.1) — never by downloading.
   */
  async findImageByUrl(url: string, requestOrigin: string): Promise<number | undefined> {
    const byGuid = await this.sql.rows<{ ID: number }>(`SELECT ID FROM ${this.sql.table('posts')} WHERE post_type = 'attachment' AND guid = ? ORDER BY ID`, [
      url,
    ]);
    const byImport = await this.sql.rows<{ post_id: number }>(
      `SELECT post_id FROM ${this.sql.table('postmeta')} WHERE meta_key = ? AND meta_value = ? ORDER BY meta_id`,
      [IMPORTED_FROM, url],
    );
    const base = `${await this.uploadsBaseUrl(requestOrigin)}/`;
    const byFile = url.startsWith(base)
      ? await this.sql.rows<{ post_id: number }>(`SELECT post_id FROM ${this.sql.table('postmeta')} WHERE meta_key = ? AND meta_value = ? ORDER BY meta_id`, [
          ATTACHED_FILE,
          url.slice(base.length),
        ])
      : [];
    const candidates = [...byGuid.map((r) => r.ID), ...byImport.map((r) => r.post_id), ...byFile.map((r) => r.post_id)];
    for (const id of candidates.map(Number)) if (await this.isImage(id)) return id;
    return undefined;
  }

  /** The attachment ID a write sets as a record's image: the given one, or a new record for a URL. */
  async imageId(image: number | ExternalImage, author: number, parent: number, now: SiteNow): Promise<number> {
    return typeof image === 'number' ? image : this.createExternal(image, author, parent, now);
  }

  /**
   * An attachment record for an image URL, attached to `parent`, as WordPress would hold a file it
   * does not host: `guid` = the URL and no `_wp_attached_file` (so `wp_get_attachment_url` gives the
   * URL back; the `extension` read from that file is empty, as on WordPress), and TEC's
   * `_tribe_importer_original_url`, through which TEC and this service find it again for the same URL.
   * The metadata's one `full` size names the URL's own file name: without it WordPress's
   * `image_downsize` finds no image (no attached file) and the plugin answers `image.url: false`;
   * with it, `get_the_post_thumbnail_url` gives the URL back unchanged (docs/trash-and-images.md).
   */
  async createExternal(image: ExternalImage, author: number, parent: number, now: SiteNow): Promise<number> {
    const title = sanitizeTextField(externalImageTitle(image));
    const slug = await this.posts.uniqueSlug(sanitizeTitle(title) || 'image', 'attachment', 0, 'inherit');
    const id = await this.posts.insert({
      post_type: 'attachment',
      post_status: 'inherit',
      post_mime_type: image.mimeType,
      post_author: author,
      post_parent: parent,
      post_title: title,
      post_name: slug,
      post_date: now.local,
      post_date_gmt: now.gmt,
      post_modified: now.local,
      post_modified_gmt: now.gmt,
      guid: () => image.url,
    });
    await this.posts.addMeta(id, IMPORTED_FROM, image.url);
    await this.posts.addMeta(id, ATTACHMENT_METADATA, externalImageMetadata(image.url));
    return id;
  }
}
