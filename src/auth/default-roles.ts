import type { DefaultRole } from '../resources/resource-declaration';
import { collectionPath, declaredResources } from '../resources/resource-registry';
import type { RoleMap } from './capabilities';

type RoleGrants = Readonly<Partial<Record<DefaultRole, readonly string[]>>>;

/**
 * Levels 7 to 0 and the editorial capabilities on posts and pages, in WordPress's order: what
 * administrators and editors share (`populate_roles`), written once.
 */
const EDITORIAL = [
  'level_7',
  'level_6',
  'level_5',
  'level_4',
  'level_3',
  'level_2',
  'level_1',
  'level_0',
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'delete_posts',
  'delete_others_posts',
  'delete_published_posts',
  'delete_private_posts',
  'edit_private_posts',
  'read_private_posts',
  'delete_private_pages',
  'edit_private_pages',
  'read_private_pages',
];

/** `{ capability: true }` in the given order (the order the option is serialized in). */
const granted = (capabilities: readonly string[]): Record<string, boolean> => Object.fromEntries(capabilities.map((cap) => [cap, true]));

/** WordPress core's roles with their own capabilities; the resources add theirs (defaultUserRoles). */
const CORE_ROLES: Record<DefaultRole, { name: string; capabilities: Record<string, boolean> }> = {
  administrator: {
    name: 'Administrator',
    capabilities: granted([
      'switch_themes',
      'edit_themes',
      'activate_plugins',
      'edit_plugins',
      'edit_users',
      'edit_files',
      'manage_options',
      'moderate_comments',
      'manage_categories',
      'manage_links',
      'upload_files',
      'import',
      'unfiltered_html',
      'edit_posts',
      'edit_others_posts',
      'edit_published_posts',
      'publish_posts',
      'edit_pages',
      'read',
      'level_10',
      'level_9',
      'level_8',
      ...EDITORIAL,
      'delete_users',
      'create_users',
      'unfiltered_upload',
      'edit_dashboard',
      'update_plugins',
      'delete_plugins',
      'install_plugins',
      'update_themes',
      'install_themes',
      'update_core',
      'list_users',
      'remove_users',
      'promote_users',
      'edit_theme_options',
      'delete_themes',
      'export',
    ]),
  },
  editor: {
    name: 'Editor',
    capabilities: granted([
      'moderate_comments',
      'manage_categories',
      'manage_links',
      'upload_files',
      'unfiltered_html',
      'edit_posts',
      'edit_others_posts',
      'edit_published_posts',
      'publish_posts',
      'edit_pages',
      'read',
      ...EDITORIAL,
    ]),
  },
  author: {
    name: 'Author',
    capabilities: granted([
      'upload_files',
      'edit_posts',
      'edit_published_posts',
      'publish_posts',
      'read',
      'level_2',
      'level_1',
      'level_0',
      'delete_posts',
      'delete_published_posts',
    ]),
  },
  contributor: { name: 'Contributor', capabilities: granted(['edit_posts', 'read', 'level_1', 'level_0', 'delete_posts']) },
  subscriber: { name: 'Subscriber', capabilities: granted(['read', 'level_0']) },
};

/**
 * What WordPress grants each role on a custom post type's capabilities (`<action>_<base>`), in the
 * order TEC registers them: everything to administrators and editors; authors their own records,
 * published or not; contributors their own drafts.
 */
export function postTypeRoleCapabilities(base: string): Record<DefaultRole, string[]> {
  const own = [`edit_${base}`, `edit_published_${base}`, `delete_${base}`, `delete_published_${base}`, `publish_${base}`];
  const all = [
    `read_private_${base}`,
    `edit_${base}`,
    `edit_others_${base}`,
    `edit_private_${base}`,
    `edit_published_${base}`,
    `delete_${base}`,
    `delete_others_${base}`,
    `delete_private_${base}`,
    `delete_published_${base}`,
    `publish_${base}`,
  ];
  return { administrator: all, editor: all, author: own, contributor: [`edit_${base}`, `delete_${base}`], subscriber: [] };
}

/** TEC's Event Aggregator records: the plugin grants them, though no resource of this service serves them. */
const AGGREGATOR_RECORDS = postTypeRoleCapabilities('aggregator-records');

/**
 * What the declared resources give each role, in the order a fresh site stores it: the plugin's own
 * collections (those with a TEC `position`), the Event Aggregator's, then every other resource in
 * registration order — so a new resource only appends to the plugin's roles.
 */
function resourceGrants(): RoleGrants[] {
  const resources = declaredResources();
  const grantsOf = (plugin: boolean) => resources.filter((r) => (r.position !== undefined) === plugin).map((r) => r.roleCapabilities ?? {});
  return [...grantsOf(true), AGGREGATOR_RECORDS, ...grantsOf(false)];
}

const grantsFor = (role: string) => resourceGrants().flatMap((g) => (Object.hasOwn(g, role) ? g[role as DefaultRole]! : []));

/**
 * The roles of a fresh site: core's capabilities, then the resources' (resourceGrants) — with the
 * five resources of the plugin's namespace, exactly what WordPress 7.0 + The Events Calendar 6.17
 * stored in the option `wp_user_roles` of the fixture site (test/fixtures/wordpress/tec-wordpress-seeded.sql).
 * Seeds the option when it is absent; an existing one wins (grantResourceCapabilities adds to it).
 */
export function defaultUserRoles(): Record<DefaultRole, { name: string; capabilities: Record<string, boolean> }> {
  const roles = Object.entries(CORE_ROLES).map(([role, { name, capabilities }]) => {
    const added = grantsFor(role).map((cap) => [cap, true] as const);
    return [role, { name, capabilities: { ...capabilities, ...Object.fromEntries(added) } }];
  });
  return Object.fromEntries(roles) as ReturnType<typeof defaultUserRoles>;
}

/**
 * An existing site's roles with every capability the declared resources give a role of that name
 * added where the role has no entry for it (`npm run cli -- roles:grant`): idempotent, and it never
 * removes or overrides what the site stored — a capability set to `false` stays refused, a role the
 * site deleted is not recreated, its own roles and grants stay. `added`: what was missing, by role.
 */
export function grantResourceCapabilities(stored: RoleMap): { roles: RoleMap; added: Record<string, string[]> } {
  const added: Record<string, string[]> = {};
  const roles = Object.fromEntries(
    Object.entries(stored).map(([role, definition]) => {
      const missing = [...new Set(grantsFor(role))].filter((cap) => !Object.hasOwn(definition.capabilities ?? {}, cap));
      if (!missing.length) return [role, definition];
      added[role] = missing;
      return [role, { ...definition, capabilities: { ...definition.capabilities, ...Object.fromEntries(missing.map((cap) => [cap, true])) } }];
    }),
  );
  return { roles, added };
}

/** What one declared resource gives a stored role that the role has no entry for. */
export interface MissingGrant {
  /** `<namespace>/<collection>` (`example/v1/series`). */
  resource: string;
  role: string;
  capabilities: string[];
}

/**
 * By resource and role, what the declared resources give the stored roles that they have no entry for
 * (a capability the site set to `false` is refused, not missing): what `roles:grant` would add, for
 * the start-up warning. Roles the site does not have are not listed.
 */
export function missingResourceCapabilities(stored: RoleMap): MissingGrant[] {
  return declaredResources().flatMap((resource) =>
    Object.entries(stored).flatMap(([role, definition]) => {
      const declared = Object.hasOwn(resource.roleCapabilities ?? {}, role) ? resource.roleCapabilities![role as DefaultRole]! : [];
      const capabilities = declared.filter((cap) => !Object.hasOwn(definition.capabilities ?? {}, cap));
      return capabilities.length ? [{ resource: collectionPath(resource), role, capabilities }] : [];
    }),
  );
}

/** Legacy `{prefix}user_level` usermeta value WordPress writes for each default role. */
export const USER_LEVELS = {
  administrator: 10,
  editor: 7,
  author: 2,
  contributor: 1,
  subscriber: 0,
} as const;
