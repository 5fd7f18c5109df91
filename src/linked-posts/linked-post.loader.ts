import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { Sql } from '../database/sql';
import { AttachmentsStore } from '../wordpress/attachments';
import { GLOBAL_ID_LINEAGE } from '../wordpress/permalinks';
import { PostsStore, TRASH_META_STATUS } from '../wordpress/posts.store';
import { first, LinkedPostType } from './linked-post-type';
import { LinkedRecord } from './representation';

export const THUMBNAIL_ID = '_thumbnail_id';

/** Loads venues or organizers with their meta and images: a fixed number of queries for any number of IDs. */
@Injectable()
export class LinkedPostLoader {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly attachments: AttachmentsStore,
  ) {}

  /**
   * Records of `type` among `ids` (other post types and missing IDs are left out — a link to a post
   * of another type is not shown as a venue/organizer).
   */
  async load(type: LinkedPostType, ids: readonly number[], requestOrigin: string, sql: Sql = this.db.sql): Promise<Map<number, LinkedRecord>> {
    const posts = [...(await this.posts.byIds(ids, sql)).values()].filter((p) => p.post_type === type.postType);
    if (!posts.length) return new Map();
    const keys = [...type.textFields.map((f) => f.key), ...type.extraMetaKeys, THUMBNAIL_ID, GLOBAL_ID_LINEAGE, TRASH_META_STATUS];
    const meta = await this.posts.meta(
      posts.map((p) => p.ID),
      keys,
      sql,
    );
    const thumbnails = posts.map((p) => Number(first(meta.get(p.ID)!, THUMBNAIL_ID) ?? 0)).filter((id) => id > 0);
    const images = await this.attachments.images(thumbnails, requestOrigin, sql);
    const result = new Map<number, LinkedRecord>();
    for (const post of posts) {
      const m = meta.get(post.ID)!;
      result.set(post.ID, { post, meta: m, image: images.get(Number(first(m, THUMBNAIL_ID) ?? 0)) ?? false });
    }
    return result;
  }

  async loadOne(type: LinkedPostType, id: number, requestOrigin: string, sql: Sql = this.db.sql): Promise<LinkedRecord | undefined> {
    return (await this.load(type, [id], requestOrigin, sql)).get(id);
  }
}
