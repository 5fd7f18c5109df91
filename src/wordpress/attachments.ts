import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { Sql } from '../database/sql';
import { OptionsStore } from './options.store';
import { phpUnserialize } from './php-serialization';
import { PostsStore } from './posts.store';
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

/** Attachment posts (read-only): image objects for many IDs at once, and the lookups image input needs. */
@Injectable()
export class AttachmentsStore {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly options: OptionsStore,
    private readonly site: SiteService,
  ) {}

  /** Uploads base URL: option `upload_url_path`, else `{siteurl}/wp-content/uploads` (formats.md §3). */
  async uploadsBaseUrl(requestOrigin: string, sql: Sql = this.db.sql): Promise<string> {
    const raw = await this.options.getRaw(['upload_url_path', 'siteurl'], sql);
    const configured = raw.get('upload_url_path')?.trim();
    if (configured) return configured.replace(/\/+$/, '');
    const siteurl = raw.get('siteurl')?.trim() || (await this.site.publicBase(requestOrigin));
    return `${siteurl.replace(/\/+$/, '')}/wp-content/uploads`;
  }

  /** Image objects keyed by attachment ID; IDs that are not attachments are absent. */
  async images(ids: readonly number[], requestOrigin: string, sql: Sql = this.db.sql): Promise<Map<number, ImageObject>> {
    const attachments = [...(await this.posts.byIds(ids, sql)).values()].filter((p) => p.post_type === 'attachment');
    if (!attachments.length) return new Map();
    const meta = await this.posts.meta(
      attachments.map((a) => a.ID),
      [ATTACHED_FILE, ATTACHMENT_METADATA],
      sql,
    );
    const base = await this.uploadsBaseUrl(requestOrigin, sql);
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
  async isImage(id: number, sql: Sql = this.db.sql): Promise<boolean> {
    const post = await this.posts.byId(id, sql);
    if (!post || post.post_type !== 'attachment') return false;
    if (post.post_mime_type.startsWith('image/')) return true;
    const file = (await this.posts.metaOf(id, [ATTACHED_FILE], sql)).get(ATTACHED_FILE)?.[0] ?? post.guid;
    return IMAGE_EXTENSIONS.test(file);
  }

  /**
   * The existing image attachment a URL names: by `guid`, by `_tribe_importer_original_url` or by its
   * computed full URL (formats.md §3.1) — never by downloading.
   */
  async findImageByUrl(url: string, requestOrigin: string, sql: Sql = this.db.sql): Promise<number | undefined> {
    const byGuid = await sql.rows<{ ID: number }>(
      `SELECT ID FROM ${sql.table('posts')} WHERE post_type = 'attachment' AND guid = ? ORDER BY ID`,
      [url],
    );
    const byImport = await sql.rows<{ post_id: number }>(
      `SELECT post_id FROM ${sql.table('postmeta')} WHERE meta_key = ? AND meta_value = ? ORDER BY meta_id`,
      [IMPORTED_FROM, url],
    );
    const base = `${await this.uploadsBaseUrl(requestOrigin, sql)}/`;
    const byFile = url.startsWith(base)
      ? await sql.rows<{ post_id: number }>(
          `SELECT post_id FROM ${sql.table('postmeta')} WHERE meta_key = ? AND meta_value = ? ORDER BY meta_id`,
          [ATTACHED_FILE, url.slice(base.length)],
        )
      : [];
    const candidates = [...byGuid.map((r) => r.ID), ...byImport.map((r) => r.post_id), ...byFile.map((r) => r.post_id)];
    for (const id of candidates.map(Number)) if (await this.isImage(id, sql)) return id;
    return undefined;
  }
}
