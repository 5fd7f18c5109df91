import { canOnPost, PostAction, PostForCaps } from './capabilities';
import { Caller, isAuthenticated } from '../wordpress/caller';
import { PostMeta, PostRow, TRASH_META_STATUS } from '../wordpress/posts.store';
import { passwordMatches } from '../wordpress/password-blanking';
import { PasswordAccess, PUBLISHED_STATUSES, ReadableStatuses } from '../wordpress/post-conditions';
import type { ReadCredentials } from '../rest/request-context';
import { shownValue } from '../reasons/shown-value';

/** Statuses WordPress knows (storage.md §9); list filters accept them from privileged callers. */
export const REGISTERED_STATUSES: readonly string[] = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
  'request-pending',
  'request-confirmed',
  'request-failed',
  'request-completed',
  'tribe-ignored',
];

/** "Any" status for privileged callers (storage.md §9). */
export const ANY_STATUSES: readonly string[] = ['publish', 'future', 'draft', 'pending', 'private'];

function caps(caller: Caller): Set<string> {
  return caller.capabilities as Set<string>;
}

export function postForCaps(post: PostRow, meta?: PostMeta): PostForCaps {
  return {
    ID: post.ID,
    post_author: post.post_author,
    post_status: post.post_status,
    post_type: post.post_type,
    trashedFromStatus: meta?.get(TRASH_META_STATUS)?.[0],
  };
}

/** `read_post` / `edit_post` / `delete_post` on the record (auth-and-permissions.md §2.4). */
export function can(action: PostAction, caller: Caller, post: PostRow, meta?: PostMeta): boolean {
  return canOnPost(action, postForCaps(post, meta), caller.id, caps(caller));
}

/** Single reads: published records are public; others need `read_post` (§4.1). */
export function canRead(caller: Caller, post: PostRow, meta?: PostMeta): boolean {
  return post.post_status === 'publish' || can('read', caller, post, meta);
}

/**
 * The JSON-LD rule of tribe-common `Tribe__JSON_LD__Abstract::get_data`: never for password-protected
 * posts the caller has not `unlocked` (`post_password_required`); anonymous callers only for published
 * ones; others need `read` (`read_private_posts` for private posts).
 */
export function jsonLdVisible(caller: Caller, post: PostRow, unlocked = false): boolean {
  if (post.post_password !== '' && !unlocked) return false;
  if (!isAuthenticated(caller)) return post.post_status === 'publish';
  return caller.capabilities.has(post.post_status === 'private' ? 'read_private_posts' : 'read');
}

/** Access to a password-protected record's fields (auth-and-permissions.md §4.4). */
export function passwordUnlocked(
  caller: Caller,
  post: PostRow,
  meta: PostMeta | undefined,
  password: string | undefined,
  context: string | undefined,
): boolean {
  if (post.post_password === '') return true;
  if (passwordMatches(password, post.post_password)) return true;
  return context === 'edit' && can('edit', caller, post, meta);
}

export function readableStatuses(caller: Caller, postType: string, statuses: readonly string[]): ReadableStatuses {
  const probe = (status: string, author: number) =>
    status === 'publish' || canOnPost('read', { ID: 0, post_author: author, post_status: status, post_type: postType }, caller.id, caps(caller));
  const others = statuses.filter((s) => probe(s, 0));
  const own = isAuthenticated(caller) ? statuses.filter((s) => !others.includes(s) && probe(s, caller.id)) : [];
  return { others, own };
}

/**
 * The `status` list parameter (auth-and-permissions.md §4.2): callers without `edit_<type>` get
 * `publish` and may only ask for exactly `publish`; editors get "any" by default and may ask for
 * any registered status (comma list, `any` allowed). A string is why the value is refused.
 */
export function listStatuses(caller: Caller, capabilityBase: string, requested: readonly string[] | undefined): string[] | string {
  const privileged = caller.capabilities.has(`edit_${capabilityBase}`);
  if (requested === undefined) return privileged ? [...ANY_STATUSES] : ['publish'];
  const asked = requested.map((s) => String(s).trim()).filter(Boolean);
  if (!asked.length) return 'status names no status.';
  if (!privileged) return asked.every((s) => s === 'publish') ? ['publish'] : 'status: only publish can be listed without the right to edit these records.';
  const result = new Set<string>();
  for (const status of asked) {
    if (status === 'any') ANY_STATUSES.forEach((s) => result.add(s));
    else if (REGISTERED_STATUSES.includes(status)) result.add(status);
    else return `status: unknown status ${shownValue(status)} (one of ${REGISTERED_STATUSES.join(', ')} or any).`;
  }
  return [...result];
}

export function passwordAccess(caller: Caller, postType: string, credentials: ReadCredentials = {}): PasswordAccess {
  const access: PasswordAccess = {};
  if (credentials.password) access.password = credentials.password;
  if (credentials.context !== 'edit' || !isAuthenticated(caller)) return access;
  const caps = caller.capabilities as Set<string>;
  const canEdit = (status: string, own: boolean) =>
    canOnPost('edit', { ID: 0, post_author: own ? caller.id : 0, post_status: status, post_type: postType }, caller.id, caps);
  // `draft` stands for every status that needs no `edit_published_*`/`edit_private_*` (trash included).
  const others = canEdit('draft', false) ? { exceptStatuses: [...PUBLISHED_STATUSES, 'private'].filter((s) => !canEdit(s, false)) } : undefined;
  const [ownPublished, ownOther] = [canEdit('publish', true), canEdit('draft', true)];
  const own = ownPublished && ownOther ? 'all' : ownPublished ? 'published' : ownOther ? 'unpublished' : undefined;
  if (others || own) access.editable = { callerId: caller.id, others, own };
  return access;
}

/**
 * The protected records whose hidden fields a search matches (issue #31 item 6): those the caller
 * unlocked, and those it may edit even without `context=edit` — WordPress searches every field of
 * protected posts for logged-in callers; issue #13 keeps that to callers who could read the fields.
 */
export function searchAccess(caller: Caller, postType: string, credentials: ReadCredentials = {}): PasswordAccess {
  return passwordAccess(caller, postType, { ...credentials, context: 'edit' });
}
