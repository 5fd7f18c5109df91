import { declaredCapabilityBase } from '../resources/resource-registry';

export type RoleMap = Record<string, { name?: string; capabilities: Record<string, boolean> }>;

export interface PostForCaps {
  ID: number;
  post_author: number;
  post_status: string;
  post_type: string;
  /** `_wp_trash_meta_status` (the status before trashing) when post_status is `trash`. */
  trashedFromStatus?: string;
}

export type PostAction = 'read' | 'edit' | 'delete';

/**
 * WordPress `WP_User::get_role_caps`: the capabilities of every role the user holds, then the user's
 * own entries on top (`true` grants, `false` revokes). Role names granted to the user are themselves
 * entries, so `has_cap('administrator')` holds. A granted name that is not a role adds no role
 * capabilities (it is just an individual capability).
 */
export function effectiveCapabilities(userCaps: Record<string, boolean>, roles: RoleMap): Set<string> {
  const caps = new Set<string>();
  for (const [name, granted] of Object.entries(userCaps)) {
    const role = Object.hasOwn(roles, name) ? roles[name] : undefined;
    if (!granted || !role) continue;
    for (const [cap, has] of Object.entries(role.capabilities)) if (has) caps.add(cap);
  }
  for (const [name, granted] of Object.entries(userCaps)) {
    if (granted) caps.add(name);
    else caps.delete(name);
  }
  return caps;
}

/** Plural capability suffix of a post type a resource declared (`edit_<base>`, `publish_<base>`, …). */
export function postTypeCapabilityBase(postType: string): string | undefined {
  return declaredCapabilityBase(postType);
}

const PUBLISHED = new Set(['publish', 'future']);

/**
 * WordPress `map_meta_cap` for `read_post` / `edit_post` / `delete_post` on a TEC record
 * (auth-and-permissions.md §2.4): true when `caps` holds every primitive it maps to.
 */
export function canOnPost(action: PostAction, post: PostForCaps, userId: number, caps: Set<string>): boolean {
  const base = postTypeCapabilityBase(post.post_type);
  if (!base) return false;
  const required = requiredCapabilities(action, post, userId !== 0 && post.post_author === userId, base);
  return required.every((cap) => caps.has(cap));
}

function requiredCapabilities(action: PostAction, post: PostForCaps, isAuthor: boolean, base: string): string[] {
  if (action === 'read') {
    if (post.post_status === 'publish' || isAuthor) return ['read'];
    if (post.post_status === 'private') return [`read_private_${base}`];
    return requiredCapabilities('edit', post, isAuthor, base);
  }
  if (isAuthor) {
    const status = post.post_status === 'trash' ? post.trashedFromStatus : post.post_status;
    return [PUBLISHED.has(status ?? '') ? `${action}_published_${base}` : `${action}_${base}`];
  }
  const required = [`${action}_others_${base}`];
  if (PUBLISHED.has(post.post_status)) required.push(`${action}_published_${base}`);
  else if (post.post_status === 'private') required.push(`${action}_private_${base}`);
  return required;
}

/** `publish_<base>` of the record type (DEVIATE Q23: each type's own capability). */
export function canPublish(postType: string, caps: Set<string>): boolean {
  const base = postTypeCapabilityBase(postType);
  return base !== undefined && caps.has(`publish_${base}`);
}

const NEEDS_PUBLISH = new Set(['publish', 'future', 'private']);

/**
 * TEC `scale_back_post_status` (auth-and-permissions.md §5) with the project's deviations: `private`
 * also needs the publish capability, and an update without a status leaves it unchanged (`undefined`).
 */
export function scaleBackStatus(requested: string | undefined, canPublish: boolean, isCreate: boolean): string | undefined {
  if (!requested) {
    if (!isCreate) return undefined;
    return canPublish ? 'publish' : 'draft';
  }
  if (!canPublish && NEEDS_PUBLISH.has(requested)) return 'pending';
  return requested;
}
