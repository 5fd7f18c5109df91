import { Injectable } from '@nestjs/common';
import { Caller } from '../wordpress/caller';
import { DatabaseService } from '../database/database.service';
import { RestError } from '../reasons/rest-error';
import { PostLinks } from '../wordpress/permalinks';
import { PostRow, PostsStore, TRASH_META_STATUS } from '../wordpress/posts.store';
import { SiteClock } from '../wordpress/site-clock';
import { LinkedInputResolver, ResolvedInput } from './linked-input.resolver';
import { LinkedPostWriter } from './linked-post.writer';
import { LinkedPostType } from './linked-post-type';
import { canRead } from '../auth/post-access';
import type { LinkedElement, LinkedPostsInput } from '../events/dto/linked-input.arg';

/** One linked record of an event write, as validated before anything is written. */
export type LinkItem = { existing: number } | { inline: ResolvedInput } | { cannotCreate: true };

/**
 * What an event write asks for one link type: leave the links as they are (parameter absent), remove
 * them, or link these records in this order.
 */
export type LinkPlan = { kind: 'unchanged' } | { kind: 'clear' } | { kind: 'link'; items: LinkItem[] };

/** Everything the inline writes of an event need (they run in the event's transaction). */
export interface InlineWriteContext {
  caller: Caller;
  clock: SiteClock;
  links: PostLinks;
}

/** The IDs a validated `venue` / `organizer` parameter names (none when it is absent, empty or invalid). */
export function linkedIdsOf(input: LinkedPostsInput | null | undefined): number[] {
  return input?.kind === 'link' ? input.elements.flatMap((element) => ('id' in element ? [element.id] : [])) : [];
}

/** What `prepare` knows before checking the elements: the links the event has, the records named by ID. */
interface KnownRecords {
  alreadyLinked: readonly number[];
  named: ReadonlyMap<number, PostRow>;
}

/**
 * Venues and organizers given inside an event write (events.md §4.2/§4.3, venues-organizers.md §4.4
 * and §7), their shape and inline fields validated with the event's parameters
 * (src/events/dto/linked-input.arg.ts): `prepare` checks them against the database before the event
 * is written (errors name the event's `venue` / `organizer` parameter), `apply` creates or reuses the
 * inline records inside the event's transaction and returns the IDs to link.
 */
@Injectable()
export class LinkedPostsInline {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly resolver: LinkedInputResolver,
    private readonly writer: LinkedPostWriter,
  ) {}

  /**
   * Checks the validated `venue` / `organizer` parameter of an event write against the database;
   * throws `rest_invalid_param`. `alreadyLinked`: the records the event links now, which a client may
   * send back unchanged even when it cannot read them (someone who could linked them).
   */
  async prepare(
    type: LinkedPostType,
    input: LinkedPostsInput | null | undefined,
    caller: Caller,
    clock: SiteClock,
    requestOrigin: string,
    { alreadyLinked = [], named: given }: { alreadyLinked?: readonly number[]; named?: ReadonlyMap<number, PostRow> } = {},
  ): Promise<LinkPlan> {
    if (input === undefined || input === null) return { kind: 'unchanged' };
    if (input.kind === 'clear') return { kind: 'clear' };
    if (input.kind === 'invalid') throw invalidLink(type, input.reason);
    const { elements } = input;
    // Every record named by ID, read in one query (a list of organizers may name hundreds), unless the
    // caller read them already (`named`: an event's venue and organizers read together).
    const named = given ?? (await this.posts.byIds(linkedIdsOf(input)));
    const items: LinkItem[] = [];
    for (const element of elements) items.push(await this.item(type, element, caller, clock, requestOrigin, { alreadyLinked, named }));
    return { kind: 'link', items };
  }

  /** Creates/reuses the inline records (in the event's transaction); the IDs to link, duplicates once. */
  async apply(type: LinkedPostType, plan: LinkPlan, ctx: InlineWriteContext): Promise<number[] | undefined> {
    if (plan.kind === 'unchanged') return undefined;
    if (plan.kind === 'clear') return [];
    const ids: number[] = [];
    for (const item of plan.items) {
      let id: number;
      if ('existing' in item) id = item.existing;
      else if ('inline' in item) id = await this.writer.create(type, item.inline, ctx);
      else throw new RestError(type.codes.couldNotCreate, `The ${type.nameField} could not be created.`, 400);
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /** `prepare` + `apply` in one step, for callers that validated everything else already. */
  async resolveForEvent(
    type: LinkedPostType,
    input: LinkedPostsInput | null | undefined,
    ctx: InlineWriteContext,
    requestOrigin: string,
  ): Promise<number[] | undefined> {
    return this.apply(type, await this.prepare(type, input, ctx.caller, ctx.clock, requestOrigin), ctx);
  }

  private async item(
    type: LinkedPostType,
    element: LinkedElement,
    caller: Caller,
    clock: SiteClock,
    requestOrigin: string,
    known: KnownRecords,
  ): Promise<LinkItem> {
    if ('id' in element) return { existing: await this.existing(type, element.id, caller, known) };
    if ('invalid' in element) throw invalidLink(type, element.invalid);
    try {
      const inline = await this.resolver.resolve(element.inline, caller, clock, requestOrigin);
      return element.cannotCreate ? { cannotCreate: true } : { inline };
    } catch (error) {
      if (error instanceof RestError) throw invalidLink(type, error);
      throw error;
    }
  }

  /**
   * A record named by ID must exist and be readable by the caller (Q48 revised): linking someone
   * else's private or draft record would publish it inside the event. A record the event already links
   * stays linkable, so a client can send the event back as it read it.
   */
  private async existing(type: LinkedPostType, id: number, caller: Caller, { alreadyLinked, named }: KnownRecords): Promise<number> {
    const post = named.get(id);
    // One reason for both: a record the caller may not read is not told apart from a missing one.
    const unknown = `${type.nameField}: no ${type.nameField} you may read has the ID ${id}.`;
    if (!post || post.post_type !== type.postType) throw invalidLink(type, unknown);
    if (alreadyLinked.includes(id)) return id;
    const meta = post.post_status === 'trash' ? await this.posts.metaOf(id, [TRASH_META_STATUS]) : undefined;
    if (!canRead(caller, post, meta)) throw invalidLink(type, unknown);
    return id;
  }
}

/**
 * Any problem with the linked records is an invalid `venue` / `organizer` parameter of the event; its
 * reason is given, or the reasons of the inline record's own parameters (`cause`).
 */
function invalidLink(type: LinkedPostType, cause: string | RestError): RestError {
  return RestError.invalidParams({ [type.nameField]: typeof cause === 'string' ? cause : inlineReason(type, cause) });
}

/** The reason of an inline record its own route refuses: `venue (inline): ` and that route's reasons. */
export function inlineReason(type: LinkedPostType, cause: RestError): string {
  const params = cause.extra && typeof cause.extra === 'object' ? (cause.extra.params as Record<string, string> | string[] | undefined) : undefined;
  const reasons = params === undefined ? cause.message : Array.isArray(params) ? `missing ${params.join(', ')}.` : Object.values(params).join(' ');
  return `${type.nameField} (inline): ${reasons}`;
}
