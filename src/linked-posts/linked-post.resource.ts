import type { LinkedPostsInput } from '../events/dto/linked-input.arg';
import { Caller } from '../wordpress/caller';
import { Page } from '../rest/pagination/page';
import { PostMeta } from '../wordpress/posts.store';
import { SiteClock } from '../wordpress/site-clock';
import { InlineWriteContext, LinkPlan, LinkedPostsInline } from './linked-posts.inline';
import { EmbedOptions, LinkedPostsService, RecordRef, Representation } from './linked-posts.service';
import { LinkedInput, LinkedPostType } from './linked-post-type';
import { LinkedListArgs } from './list-args';
import { ReadCredentials } from '../rest/request-context';

/**
 * The shared linked-post behaviour bound to one type (venues or organizers). Besides the routes'
 * operations it is what the events module uses: `embed` (the records of a page of events at once) and
 * `prepareForEvent` / `applyForEvent` (the `venue` / `organizer` parameter of an event write).
 */
export abstract class LinkedPostResource {
  protected constructor(
    readonly type: LinkedPostType,
    private readonly linked: LinkedPostsService,
    private readonly inline: LinkedPostsInline,
  ) {}

  read(ref: RecordRef, caller: Caller, origin: string, credentials: ReadCredentials): Promise<Representation> {
    return this.linked.read(this.type, ref, caller, origin, credentials);
  }

  list(args: LinkedListArgs, caller: Caller, origin: string, credentials: ReadCredentials): Promise<Page<Representation>> {
    return this.linked.list(this.type, args, caller, origin, credentials);
  }

  /** `args`: the validated route DTO, read as a plain parameter map. */
  create(args: object, caller: Caller, origin: string, credentials: ReadCredentials): Promise<Representation> {
    return this.linked.create(this.type, args as LinkedInput, caller, origin, credentials);
  }

  update(ref: RecordRef, args: object, caller: Caller, origin: string, credentials: ReadCredentials): Promise<Representation> {
    return this.linked.update(this.type, ref, args as LinkedInput, caller, origin, credentials);
  }

  /** Trashes the record, or with `force` deletes it for good. */
  remove(ref: RecordRef, force: boolean, caller: Caller, origin: string, credentials: ReadCredentials): Promise<Representation> {
    return this.linked.remove(this.type, ref, force, caller, origin, credentials);
  }

  /** Representations keyed by ID, whatever their status (Q48); one set of queries for any number of IDs. */
  embed(ids: readonly number[], options: EmbedOptions): Promise<Map<number, Representation>> {
    return this.linked.embed(this.type, ids, options);
  }

  /**
   * Validates an event's `venue` / `organizer` parameter before anything is written (400 naming it).
   * `eventMeta`: the event's stored meta on updates, whose links may be sent back as they are.
   */
  prepareForEvent(input: LinkedPostsInput | null | undefined, caller: Caller, clock: SiteClock, origin: string, eventMeta?: PostMeta): Promise<LinkPlan> {
    const alreadyLinked = (eventMeta?.get(this.type.eventLinkKey) ?? []).map(Number);
    return this.inline.prepare(this.type, input, caller, clock, origin, { alreadyLinked });
  }

  /**
   * Creates or reuses the inline records of a prepared plan in the event's transaction and returns the
   * IDs to link (`[]`: remove the links; undefined: parameter absent, leave them). Throws
   * `could-not-create-venue` / `could-not-create-organizer`.
   */
  applyForEvent(plan: LinkPlan, ctx: InlineWriteContext): Promise<number[] | undefined> {
    return this.inline.apply(this.type, plan, ctx);
  }

  /** `prepareForEvent` + `applyForEvent` in one call. */
  resolveForEvent(input: LinkedPostsInput | null | undefined, ctx: InlineWriteContext, origin: string): Promise<number[] | undefined> {
    return this.inline.resolveForEvent(this.type, input, ctx, origin);
  }
}
