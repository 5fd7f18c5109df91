import type { LinkedPostsInput } from '../events/dto/linked-input.arg';
import { Page } from '../rest/pagination/page';
import { PostMeta, PostRow } from '../wordpress/posts.store';
import { Caller } from '../wordpress/caller';
import { SiteClock } from '../wordpress/site-clock';
import { DeleteArgs } from '../rest/delete.args';
import { RequestContext } from '../rest/request-context';
import { InlineWriteContext, LinkPlan, LinkedPostsInline } from './linked-posts.inline';
import { AlikeRepresentation, EmbedOptions, LinkedPostsService, RecordRef, Representation } from './linked-posts.service';
import { LinkedInput, LinkedPostType } from './linked-post-type';
import { LinkedListArgs } from './list-args';

/** What a permanent delete answers (WordPress core's shape): the record as it was. */
export interface Deleted<R> {
  deleted: true;
  previous: R;
}

/** How a route names its record: the `{id}` segment, or `{ slug }` for the by-slug routes. */
export type RecordAddress = number | RecordRef;

const refOf = (address: RecordAddress): RecordRef => (typeof address === 'number' ? { id: address } : address);

/**
 * The shared linked-post behaviour bound to one type (venues or organizers) and its response class
 * `R`. Besides the routes' operations (request context first, as every service) it is what the events
 * module uses: `embed` (the records of a page of events at once) and `prepareForEvent` /
 * `applyForEvent` (the `venue` / `organizer` parameter of an event write).
 */
export abstract class LinkedPostResource<R> {
  protected constructor(
    readonly type: LinkedPostType,
    private readonly linked: LinkedPostsService,
    private readonly inline: LinkedPostsInline,
  ) {}

  list(ctx: RequestContext, args: LinkedListArgs): Promise<Page<R>> {
    return this.linked.list(ctx, this.type, args) as Promise<Page<R>>;
  }

  read(ctx: RequestContext, address: RecordAddress): Promise<R> {
    return this.linked.read(ctx, this.type, refOf(address)) as Promise<R>;
  }

  /** `args`: the validated create DTO of the resource. */
  create(ctx: RequestContext, args: object): Promise<R> {
    return this.linked.create(ctx, this.type, args as LinkedInput) as Promise<R>;
  }

  /** `args`: the validated update DTO; only what it holds changes. */
  update(ctx: RequestContext, address: RecordAddress, args: object): Promise<R> {
    return this.linked.update(ctx, this.type, refOf(address), args as LinkedInput) as Promise<R>;
  }

  /** Trashes the record, or with `force` deletes it for good. */
  remove(ctx: RequestContext, address: RecordAddress, args: DeleteArgs): Promise<R | Deleted<R>> {
    return this.linked.remove(ctx, this.type, refOf(address), args.force === true) as Promise<R | Deleted<R>>;
  }

  /** Representations keyed by ID, whatever their status (Q48); one set of queries for any number of IDs. */
  embed(ids: readonly number[], options: EmbedOptions): Promise<Map<number, Representation>> {
    return this.linked.embed(this.type, ids, options);
  }

  /** The embedded representations every caller gets alike, keyed by ID (LinkedPostsService.embedAlike). */
  embedAlike(ids: readonly number[], requestOrigin: string, single = false): Promise<Map<number, AlikeRepresentation | undefined>> {
    return this.linked.embedAlike(this.type, ids, requestOrigin, single);
  }

  /**
   * Validates an event's `venue` / `organizer` parameter before anything is written (400 naming it).
   * `eventMeta`: the event's stored meta on updates, whose links may be sent back as they are;
   * `named`: the records the input names by ID, when the caller read them already (linkedIdsOf).
   */
  prepareForEvent(
    input: LinkedPostsInput | null | undefined,
    caller: Caller,
    clock: SiteClock,
    origin: string,
    eventMeta?: PostMeta,
    named?: ReadonlyMap<number, PostRow>,
  ): Promise<LinkPlan> {
    const alreadyLinked = (eventMeta?.get(this.type.eventLinkKey) ?? []).map(Number);
    return this.inline.prepare(this.type, input, caller, clock, origin, { alreadyLinked, named });
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
