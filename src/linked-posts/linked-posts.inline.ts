import { Injectable } from '@nestjs/common';
import { Caller } from '../wordpress/caller';
import { DatabaseService } from '../database/database.service';
import { RestValidationPipe } from '../rest/params/rest-validation.pipe';
import { shownValue } from '../reasons/shown-value';
import { RestError } from '../reasons/rest-error';
import { PostLinks } from '../wordpress/permalinks';
import { PostRow, PostsStore, TRASH_META_STATUS } from '../wordpress/posts.store';
import { SiteClock } from '../wordpress/site-clock';
import { LinkedInputResolver, ResolvedInput } from './linked-input.resolver';
import { LinkedPostWriter } from './linked-post.writer';
import { LinkedInput, LinkedPostType } from './linked-post-type';
import { canRead } from '../auth/post-access';

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

/** What `prepare` knows before checking the elements: the links the event has, the records named by ID. */
interface KnownRecords {
  alreadyLinked: readonly number[];
  named: ReadonlyMap<number, PostRow>;
}

const isEmptyValue = (v: unknown) =>
  v === 0 || v === '0' || v === '' || (Array.isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The ID an element names (`5`, `"5"`, `{id: 5}`), if any. */
function referencedId(element: unknown): number | undefined {
  const id = isPlainObject(element) ? element.id : element;
  return isId(id) ? Number(id) : undefined;
}

function isId(value: unknown): boolean {
  return (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'string' && /^\s*\d+\s*$/.test(value) && Number(value) > 0);
}

/**
 * Venues and organizers given inside an event write (events.md §4.2/§4.3, venues-organizers.md §4.4
 * and §7): `prepare` validates everything before the event is written (errors name the event's
 * `venue` / `organizer` parameter), `apply` creates or reuses the inline records inside the event's
 * transaction and returns the IDs to link.
 */
@Injectable()
export class LinkedPostsInline {
  private readonly pipe = new RestValidationPipe();

  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly resolver: LinkedInputResolver,
    private readonly writer: LinkedPostWriter,
  ) {}

  /**
   * Validates the raw `venue` / `organizer` parameter of an event write; throws `rest_invalid_param`.
   * `alreadyLinked`: the records the event links now, which a client may send back unchanged even when
   * it cannot read them (someone who could linked them).
   */
  async prepare(
    type: LinkedPostType,
    raw: unknown,
    caller: Caller,
    clock: SiteClock,
    requestOrigin: string,
    { alreadyLinked = [] }: { alreadyLinked?: readonly number[] } = {},
  ): Promise<LinkPlan> {
    if (raw === undefined || raw === null) return { kind: 'unchanged' };
    if (isEmptyValue(raw)) return { kind: 'clear' };
    const elements = this.elements(type, raw);
    // Every record named by ID, read in one query (a list of organizers may name hundreds).
    const named = await this.posts.byIds(elements.map(referencedId).filter((id): id is number => id !== undefined));
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
  async resolveForEvent(type: LinkedPostType, raw: unknown, ctx: InlineWriteContext, requestOrigin: string): Promise<number[] | undefined> {
    return this.apply(type, await this.prepare(type, raw, ctx.caller, ctx.clock, requestOrigin), ctx);
  }

  /**
   * The accepted shapes: venues are one element (a one-element list is accepted, Q12 DEVIATE; several
   * venues or a comma list are invalid); organizers are a list, a comma list or a single element.
   */
  private elements(type: LinkedPostType, raw: unknown): unknown[] {
    const list = Array.isArray(raw)
      ? raw
      : typeof raw === 'string' && raw.includes(',')
        ? raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [raw];
    if (type.nameField === 'venue' && list.length !== 1) throw this.invalid(type, `venue: an event has one venue; ${list.length} were given.`);
    return list;
  }

  private async item(type: LinkedPostType, element: unknown, caller: Caller, clock: SiteClock, requestOrigin: string, known: KnownRecords): Promise<LinkItem> {
    if (isId(element)) return { existing: await this.existing(type, Number(element), caller, known) };
    if (!isPlainObject(element)) throw this.invalid(type, notAReference(type, element));
    if (element.id !== undefined && element.id !== null && element.id !== '' && element.id !== 0) {
      if (!isId(element.id)) throw this.invalid(type, notAReference(type, element.id));
      return { existing: await this.existing(type, Number(element.id), caller, known) };
    }
    const emptyName = element[type.nameField] === '' && type.emptyInlineName === 'could-not-create';
    const args = await this.validated(type, emptyName ? { ...element, [type.nameField]: '-' } : element);
    try {
      const inline = await this.resolver.resolve(args, caller, clock, requestOrigin);
      return emptyName ? { cannotCreate: true } : { inline };
    } catch (error) {
      if (error instanceof RestError) throw this.invalid(type, error);
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
    if (!post || post.post_type !== type.postType) throw this.invalid(type, unknown);
    if (alreadyLinked.includes(id)) return id;
    const meta = post.post_status === 'trash' ? await this.posts.metaOf(id, [TRASH_META_STATUS]) : undefined;
    if (!canRead(caller, post, meta)) throw this.invalid(type, unknown);
    return id;
  }

  /** The inline object checked exactly as a `POST /venues` (`/organizers`) body. */
  private async validated(type: LinkedPostType, element: Record<string, unknown>): Promise<LinkedInput> {
    const withoutNulls = Object.fromEntries(Object.entries(element).filter(([, v]) => v !== null));
    try {
      return (await this.pipe.transform(withoutNulls, { type: 'custom', metatype: type.createArgs, data: undefined })) as LinkedInput;
    } catch (error) {
      if (error instanceof RestError) throw this.invalid(type, error);
      throw error;
    }
  }

  /**
   * Any problem with the linked records is an invalid `venue` / `organizer` parameter of the event; its
   * reason is given, or the reasons of the inline record's own parameters (`cause`).
   */
  private invalid(type: LinkedPostType, cause: string | RestError): RestError {
    if (typeof cause === 'string') return RestError.invalidParams({ [type.nameField]: cause });
    const params = cause.extra && typeof cause.extra === 'object' ? (cause.extra.params as Record<string, string> | string[] | undefined) : undefined;
    const reasons = params === undefined ? cause.message : Array.isArray(params) ? `missing ${params.join(', ')}.` : Object.values(params).join(' ');
    return RestError.invalidParams({ [type.nameField]: `${type.nameField} (inline): ${reasons}` });
  }
}

/** Why an element of `venue` / `organizer` is neither an ID nor a record object. */
function notAReference(type: LinkedPostType, value: unknown): string {
  return `${type.nameField}: ${shownValue(value)} is neither an ID nor an object describing the ${type.nameField}.`;
}
