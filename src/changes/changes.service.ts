import { Injectable } from '@nestjs/common';
import { Caller, isAuthenticated } from '../wordpress/caller';
import { RequestContext } from '../rest/request-context';
import { AppConfig } from '../config/app-config';
import { canRead } from '../auth/post-access';
import { PostRow, PostsStore } from '../wordpress/posts.store';
import { SiteService } from '../wordpress/site.service';
import { ChangeFeedArgs } from './changes.args';
import { PresentedChange, presentChange } from './change-presenter';
import { isPostType, recordUrl, ShownAction } from './change-types';
import { ChangeRow, ChangesRepository } from './repository/changes.repository';

export interface ChangeFeed {
  changes: (PresentedChange & { href: string })[];
  next_cursor: number;
  more: boolean;
  last_cursor: number;
}

/**
 * What a caller sees of a logged change: its action while anyone may read the record after it, or the
 * caller may read the record as it is now (an editor, the author of a draft); `removed` when it left
 * public view with this change (trashed, unpublished, deleted); nothing otherwise — a record the
 * caller never could read stays out of its feed. Terms are public.
 */
export function shownAction(change: ChangeRow, caller: Caller, current: ReadonlyMap<number, PostRow>): ShownAction | undefined {
  if (!isPostType(change.type) || change.publicAfter) return change.action;
  const post = current.get(change.id);
  if (post && isAuthenticated(caller) && canRead(caller, post)) return change.action;
  return change.publicBefore ? 'removed' : undefined;
}

/** `GET /eca/v1/changes`: the log after a cursor, as the caller may see it. */
@Injectable()
export class ChangesService {
  constructor(
    private readonly changes: ChangesRepository,
    private readonly posts: PostsStore,
    private readonly site: SiteService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Reads `per_page` rows of the log after `after` (a primary-key range: the same cost at any log
   * size) and shows those the caller may see; `next_cursor` is the last row read, seen or not, so a
   * client never reads the rows it may not see again. `more`: a full page was read. `last_cursor`: the
   * newest cursor of the log (read before the page): where a new mirror starts.
   */
  async feed(ctx: RequestContext, args: ChangeFeedArgs): Promise<ChangeFeed> {
    const { caller } = ctx;
    const { rows, lastCursor } = await this.changes.committedPage(args.after, args.per_page);
    // Whether an authenticated caller may read a non-public record depends on the record as it is now.
    const hidden = isAuthenticated(caller) ? rows.filter((r) => isPostType(r.type) && !r.publicAfter).map((r) => r.id) : [];
    const current = hidden.length ? await this.posts.byIds(hidden) : new Map<number, PostRow>();
    const publicBase = await this.site.publicBase(ctx.origin);
    const changes = rows.flatMap((row) => {
      const action = shownAction(row, caller, current);
      return action ? [{ ...presentChange(row, action), href: recordUrl(row.type, row.id, publicBase, this.config) }] : [];
    });
    return {
      changes,
      next_cursor: rows.length ? rows[rows.length - 1].cursor : args.after,
      more: rows.length === args.per_page,
      last_cursor: lastCursor,
    };
  }
}
