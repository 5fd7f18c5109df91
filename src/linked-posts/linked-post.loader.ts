import { Injectable } from '@nestjs/common';
import { CacheKey } from '../wordpress/cache-keys';
import { DurableValues, RecordCache } from '../cache/record-cache';
import { DatabaseService } from '../database/database.service';
import { ORIGIN_PLACEHOLDER, ReadModel } from '../read-model';
import { AttachmentsStore } from '../wordpress/attachments';
import { galleryAttachmentIds } from '../wordpress/rendering';
import { GLOBAL_ID_LINEAGE } from '../wordpress/permalinks';
import { PostMeta, PostRow, PostsStore, TRASH_META_STATUS } from '../wordpress/posts.store';
import { transactionMemo } from '../wordpress/transaction-memo';
import { SiteService } from '../wordpress/site.service';
import { first, LinkedPostType } from './linked-post-type';
import { LinkedRecord } from './representation';

export const THUMBNAIL_ID = '_thumbnail_id';

/**
 * Loads venues or organizers with their meta and images: a fixed number of queries for any number of
 * IDs. Outside a write, records are shared by the requests of one data version (RecordCache).
 */
@Injectable()
export class LinkedPostLoader {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly attachments: AttachmentsStore,
    private readonly cache: RecordCache,
    private readonly site: SiteService,
    private readonly readModel: ReadModel,
  ) {}

  /**
   * Records of `type` among `ids` (other post types and missing IDs are left out — a link to a post
   * of another type is not shown as a venue/organizer).
   */
  async load(type: LinkedPostType, ids: readonly number[], requestOrigin: string): Promise<Map<number, LinkedRecord>> {
    const read = (missing: readonly number[]) => this.read(type, missing, requestOrigin);
    if (this.db.sql.inTransaction) return read(ids);
    // Keyed by the public base image URLs are built on (the request's origin only without SITE_URL and `home`:
    // then the read model holds them for a placeholder origin, and each request gets its own).
    const fixed = await this.site.fixedPublicBase();
    const durable: DurableValues<number, LinkedRecord> =
      fixed === undefined
        ? {
            kind: this.readModel.kind(type.postType, ORIGIN_PLACEHOLDER),
            placeholder: { load: (m) => this.read(type, m, ORIGIN_PLACEHOLDER), origin: requestOrigin },
          }
        : { kind: this.readModel.kind(type.postType, fixed) };
    return this.cache.many(`${type.postType}\n${fixed ?? requestOrigin}`, ids, read, recordSize, recordShows, durable);
  }

  private async read(type: LinkedPostType, ids: readonly number[], requestOrigin: string): Promise<Map<number, LinkedRecord>> {
    // Rows and meta are asked for together (one round trip); meta of posts of another type is dropped.
    const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!wanted.length) return new Map();
    const keys = [...type.textFields.map((f) => f.key), ...type.extraMetaKeys, THUMBNAIL_ID, GLOBAL_ID_LINEAGE, TRASH_META_STATUS];
    const [rows, meta] = await this.rowsAndMeta(wanted, keys);
    const asked = new Set(wanted);
    const posts = [...rows.values()].filter((p) => p.post_type === type.postType && asked.has(p.ID));
    if (!posts.length) return new Map();
    const thumbnails = posts.map((p) => Number(first(meta.get(p.ID)!, THUMBNAIL_ID) ?? 0)).filter((id) => id > 0);
    const [images, galleryImages] = await Promise.all([
      this.attachments.images(thumbnails, requestOrigin),
      this.posts.galleryImages(posts.map((p) => p.post_content)),
    ]);
    const result = new Map<number, LinkedRecord>();
    for (const post of posts) {
      const m = meta.get(post.ID)!;
      result.set(post.ID, { post, meta: m, image: images.get(Number(first(m, THUMBNAIL_ID) ?? 0)) ?? false, galleryImages });
    }
    return result;
  }

  /**
   * The posts `ids` and their `keys` meta. In a transaction the asks of one turn (an event's answer
   * embeds its venue and organizers side by side) share one statement for the rows and one for the
   * meta, where each ask would send two in turn on the transaction's one connection.
   */
  private async rowsAndMeta(ids: number[], keys: string[]): Promise<[Map<number, PostRow>, Map<number, PostMeta>]> {
    const turns = transactionMemo('linked-post-reads', () => ({ current: undefined as ReadTurn | undefined }));
    if (!turns) return Promise.all([this.posts.byIds(ids), this.posts.meta(ids, keys)]);
    if (!turns.current) {
      const turn: ReadTurn = { ids: new Set(), keys: new Set(), result: Promise.resolve([new Map(), new Map()]) };
      turn.result = new Promise((resolve) => setImmediate(resolve)).then(() => {
        turns.current = undefined;
        const [all, allKeys] = [[...turn.ids], [...turn.keys]];
        return Promise.all([this.posts.byIds(all), this.posts.meta(all, allKeys)]);
      });
      turns.current = turn;
    }
    const turn = turns.current;
    for (const id of ids) turn.ids.add(id);
    for (const key of keys) turn.keys.add(key);
    const [rows, meta] = await turn.result;
    // Each ask gets the meta of its own keys only, as if it had read alone.
    const own = new Map(ids.map((id) => [id, new Map([...(meta.get(id) ?? new Map<string, string[]>())].filter(([key]) => keys.includes(key)))]));
    return [rows, own];
  }

  async loadOne(type: LinkedPostType, id: number, requestOrigin: string): Promise<LinkedRecord | undefined> {
    return (await this.load(type, [id], requestOrigin)).get(id);
  }
}

/** The linked-post reads of one transaction's turn (LinkedPostLoader.rowsAndMeta). */
interface ReadTurn {
  ids: Set<number>;
  keys: Set<string>;
  result: Promise<[Map<number, PostRow>, Map<number, PostMeta>]>;
}

/** What a record shows (RecordCache, dependencies.ts): its post and meta, and its images. */
export function recordShows(id: number, record: LinkedRecord | undefined): string[] {
  if (!record) return [CacheKey.post(id)];
  return [CacheKey.post(id), ...attachmentKeys(Number(first(record.meta, THUMBNAIL_ID) ?? 0), record.post.post_content)];
}

/**
 * The attachments a record's representation shows: its image (`_thumbnail_id`) and those its text's
 * `[gallery]` names — one `post:ID` each, written when the attachment is (its row or meta), so a new or
 * changed image elsewhere in the media library retires no record.
 */
export function attachmentKeys(thumbnailId: number, content: string): string[] {
  return [thumbnailId, ...galleryAttachmentIds(content)].filter((id) => id > 0).map((id) => CacheKey.post(id));
}

/** Bytes a record holds, about: its post's texts and its meta values. */
function recordSize({ post, meta }: LinkedRecord): number {
  let size = 1024 + post.post_content.length + post.post_excerpt.length + post.post_title.length;
  for (const [key, values] of meta) for (const value of values) size += key.length + value.length;
  return 2 * size;
}
