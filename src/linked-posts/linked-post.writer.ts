import { DatabaseService } from '../database/database.service';
import { Injectable } from '@nestjs/common';
import { canPublish, scaleBackStatus } from '../auth/capabilities';
import { Caller } from '../wordpress/caller';
import { Sql } from '../database/sql';
import { RestError } from '../reasons/rest-error';
import { AttachmentsStore } from '../wordpress/attachments';
import { PostLinks } from '../wordpress/permalinks';
import { preparePublicationDates } from '../dates';
import { FLOATING_STATUSES, PostColumns, PostRow, PostsStore, settleScheduledStatus } from '../wordpress/posts.store';
import { savedContent, savedTitle } from '../wordpress/saved-text';
import { SiteClock } from '../wordpress/site-clock';
import { sanitizeTitle } from '../wordpress/slugs';
import { sanitizeTextField } from '../wordpress/text-sanitize';
import { ResolvedInput, supplied } from './linked-input.resolver';
import { THUMBNAIL_ID } from './linked-post.loader';
import { LinkedInput, LinkedPostType, WriteMode } from './linked-post-type';
import { can } from '../auth/post-access';

const ORIGIN = 'events-calendar';

/**
 * Work a resource adds to each write of its records, inside the write's transaction, once the
 * record's meta is written (or the record is deleted for good) (e.g. the venues' geolocation index, src/venues/venue-geo.index.ts).
 */
export type LinkedWriteHook = (postId: number) => Promise<void>;

export interface WriteContext {
  caller: Caller;
  clock: SiteClock;
  links: PostLinks;
}

/**
 * Writes venues and organizers as TEC does (venues-organizers.md §4–§6), inside the caller's
 * transaction: create with duplicate reuse, partial update, trash with unlinking from events.
 */
@Injectable()
export class LinkedPostWriter {
  private readonly hooks = new Map<string, LinkedWriteHook[]>();

  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly attachments: AttachmentsStore,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /** Registers work to run after every create, update or permanent deletion of a record of this post type. */
  onWrite(postType: string, hook: LinkedWriteHook): void {
    this.hooks.set(postType, [...(this.hooks.get(postType) ?? []), hook]);
  }

  /** Creates the record, or reuses a same-named one the caller may edit (Q27). Returns its ID. */
  async create(type: LinkedPostType, input: ResolvedInput, ctx: WriteContext): Promise<number> {
    const { caller, clock, links } = ctx;
    const title = savedTitle(String(input.args[type.nameField] ?? ''), caller);
    if (title === '') throw new RestError(type.codes.couldNotCreate, `The ${type.nameField} could not be created.`, 400);
    const content = supplied(input.args, 'description') ? savedContent(String(input.args.description), caller) : '';

    const duplicate = await this.findDuplicate(type, title, content, caller);
    if (duplicate !== undefined) {
      await this.writeMeta(type, duplicate, input, 'reuse', ctx);
      return duplicate;
    }

    const now = clock.now();
    const requested = scaleBackStatus(input.args.status as string | undefined, canPublish(type.postType, caller.capabilities as Set<string>), true)!;
    const dates = preparePublicationDates(input.dates, { siteTimezone: clock.timezone, now: now.ms, status: requested })!;
    const status = settleScheduledStatus(requested, dates.post_date_gmt, now.ms);
    let slug = sanitizeTitle(title);
    if (!FLOATING_STATUSES.has(status)) slug = await this.posts.claimSlug(slug, type.postType, 0, status);
    const id = await this.posts.insert({
      post_type: type.postType,
      post_status: status,
      post_author: input.author ?? caller.id,
      post_title: title,
      post_content: content,
      post_name: slug,
      ...dates,
      post_modified: now.local,
      post_modified_gmt: now.gmt,
      guid: (ID) => links.guid({ ID, post_type: type.postType, post_status: status, post_name: slug }),
    });
    await this.posts.addMeta(id, type.originKey, ORIGIN);
    await this.writeMeta(type, id, input, 'create', ctx, [type.originKey]);
    return id;
  }

  /** Partial update (project rule of §5.1): only supplied fields change. */
  async update(type: LinkedPostType, post: PostRow, input: ResolvedInput, ctx: WriteContext): Promise<void> {
    const { caller, clock } = ctx;
    const { args } = input;
    const now = clock.now();
    const columns: Partial<PostColumns> = { post_modified: now.local, post_modified_gmt: now.gmt };
    if (supplied(args, type.nameField)) {
      columns.post_title = savedTitle(String(args[type.nameField]), caller);
      if (columns.post_title === '') throw new RestError(type.codes.couldNotUpdate, `The ${type.nameField} could not be updated.`, 400);
    }
    if (supplied(args, 'description')) columns.post_content = savedContent(String(args.description), caller);
    if (input.author !== undefined) columns.post_author = input.author;

    const requested = scaleBackStatus(args.status as string | undefined, canPublish(type.postType, caller.capabilities as Set<string>), false);
    if (requested !== undefined || input.dates.date !== undefined || input.dates.date_utc !== undefined) {
      const target = requested ?? post.post_status;
      const dates = preparePublicationDates(input.dates, { siteTimezone: clock.timezone, now: now.ms, status: target, stored: post });
      const status = settleScheduledStatus(target, (dates ?? post).post_date_gmt, now.ms);
      Object.assign(columns, dates, { post_status: status, post_name: await this.slugForStatus(post, status) });
    }

    await this.posts.update(post.ID, columns);
    if (columns.post_name !== undefined) {
      await this.posts.recordSlugChange(post.ID, post.post_name, columns.post_name, columns.post_status ?? post.post_status);
    }
    const changed = (['post_title', 'post_content', 'post_status'] as const).filter((c) => columns[c] !== undefined && columns[c] !== post[c]);
    await this.writeMeta(type, post.ID, input, 'update', ctx, changed);
  }

  /**
   * WP core `wp_trash_post` plus TEC's unlinking of the record from events (Q30 DEVIATE: exactly the
   * link rows pointing at it, on events of every status).
   */
  async trash(type: LinkedPostType, post: PostRow, ctx: WriteContext): Promise<void> {
    const now = ctx.clock.now();
    const keys = await this.posts.trash(post, now);
    await this.posts.deleteIdLinks(type.eventLinkKey, post.ID);
    await this.posts.trackModified(post.ID, [...keys, 'post_status'], now);
  }

  /**
   * WP core `wp_delete_post` for a venue or organizer, with TEC's unlinking from events (as trash()
   * does; nothing left when it was trashed first); the type's write hooks see it gone.
   */
  async deletePermanently(type: LinkedPostType, post: PostRow): Promise<void> {
    await this.posts.deleteIdLinks(type.eventLinkKey, post.ID);
    await this.posts.deletePermanently(post);
    await this.runHooks(type.postType, post.ID);
  }

  /** The slug after a status change: back from the trash, and made unique once no longer floating. */
  private async slugForStatus(post: PostRow, status: string): Promise<string> {
    if (status === post.post_status) return post.post_name;
    let name = post.post_status === 'trash' ? await this.posts.slugLeavingTrash(post) : post.post_name;
    if (status !== 'trash' && !FLOATING_STATUSES.has(status)) name = await this.posts.claimSlug(name, post.post_type, post.ID, status);
    return name;
  }

  /**
   * Case-insensitive match on the name (and the description when one is given), lowest ID first (§4.4),
   * among the records the caller may edit (Q27 revised): a same-named record of someone else's that the
   * caller could not edit is neither written nor shown, and a new record is created instead.
   */
  private async findDuplicate(type: LinkedPostType, title: string, content: string, caller: Caller): Promise<number | undefined> {
    const ids = await this.posts.idsByTitle(type.postType, title, content === '' ? undefined : content);
    const posts = await this.posts.byIds(ids);
    return ids.find((id) => can('edit', caller, posts.get(id)!));
  }

  /** Supplied text fields (plain-text sanitised), the type's derived keys, the image; then TEC's bookkeeping. */
  private async writeMeta(type: LinkedPostType, id: number, input: ResolvedInput, mode: WriteMode, ctx: WriteContext, changed: string[] = []): Promise<void> {
    const sanitized: Record<string, unknown> = { ...input.args };
    const writes: [string, string][] = [];
    for (const field of type.textFields) {
      if (!supplied(input.args, field.field)) continue;
      // Contract: meta is stored through sanitize_text_field; URLs keep their %-octets (project choice:
      // removing them would change the address the caller gave).
      sanitized[field.field] = sanitizeTextField(String(input.args[field.field]), field.url);
      if (!field.derived) writes.push([field.key, sanitized[field.field] as string]);
    }
    const stored = await this.posts.metaOf(
      id,
      type.textFields.map((f) => f.key),
    );
    for (const [key, value] of writes) stored.set(key, [value]);
    writes.push(...type.derivedMeta(sanitized as LinkedInput, (key) => stored.get(key)?.[0], mode));

    for (const [key, value] of writes) if (await this.posts.setMeta(id, key, value)) changed.push(key);
    if (input.image !== undefined && input.image !== null) {
      const image = await this.attachments.imageId(input.image, ctx.caller.id, id, ctx.clock.now());
      if (await this.posts.setMeta(id, THUMBNAIL_ID, image)) changed.push(THUMBNAIL_ID);
    } else if (input.image === null && mode !== 'create') {
      await this.posts.deleteMeta(id, THUMBNAIL_ID);
    }
    await this.posts.trackModified(id, changed, ctx.clock.now());
    await this.runHooks(type.postType, id);
  }

  private async runHooks(postType: string, id: number): Promise<void> {
    for (const hook of this.hooks.get(postType) ?? []) await hook(id);
  }
}
