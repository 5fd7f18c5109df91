import type { DefaultRole } from '../rest/resources/resource-declaration';
import { declaredResources } from '../rest/resources/resource-registry';

type RoleGrants = Readonly<Partial<Record<DefaultRole, readonly string[]>>>;

/** WordPress core's roles with their own capabilities; the resources add theirs (defaultUserRoles). */
const CORE_ROLES: Record<DefaultRole, { name: string; capabilities: Record<string, boolean> }> = {
  administrator: {
    name: 'Administrator',
    capabilities: {
      switch_themes: true,
      edit_themes: true,
      activate_plugins: true,
      edit_plugins: true,
      edit_users: true,
      edit_files: true,
      manage_options: true,
      moderate_comments: true,
      manage_categories: true,
      manage_links: true,
      upload_files: true,
      import: true,
      unfiltered_html: true,
      edit_posts: true,
      edit_others_posts: true,
      edit_published_posts: true,
      publish_posts: true,
      edit_pages: true,
      read: true,
      level_10: true,
      level_9: true,
      level_8: true,
      level_7: true,
      level_6: true,
      level_5: true,
      level_4: true,
      level_3: true,
      level_2: true,
      level_1: true,
      level_0: true,
      edit_others_pages: true,
      edit_published_pages: true,
      publish_pages: true,
      delete_pages: true,
      delete_others_pages: true,
      delete_published_pages: true,
      delete_posts: true,
      delete_others_posts: true,
      delete_published_posts: true,
      delete_private_posts: true,
      edit_private_posts: true,
      read_private_posts: true,
      delete_private_pages: true,
      edit_private_pages: true,
      read_private_pages: true,
      delete_users: true,
      create_users: true,
      unfiltered_upload: true,
      edit_dashboard: true,
      update_plugins: true,
      delete_plugins: true,
      install_plugins: true,
      update_themes: true,
      install_themes: true,
      update_core: true,
      list_users: true,
      remove_users: true,
      promote_users: true,
      edit_theme_options: true,
      delete_themes: true,
      export: true,
    },
  },
  editor: {
    name: 'Editor',
    capabilities: {
      moderate_comments: true,
      manage_categories: true,
      manage_links: true,
      upload_files: true,
      unfiltered_html: true,
      edit_posts: true,
      edit_others_posts: true,
      edit_published_posts: true,
      publish_posts: true,
      edit_pages: true,
      read: true,
      level_7: true,
      level_6: true,
      level_5: true,
      level_4: true,
      level_3: true,
      level_2: true,
      level_1: true,
      level_0: true,
      edit_others_pages: true,
      edit_published_pages: true,
      publish_pages: true,
      delete_pages: true,
      delete_others_pages: true,
      delete_published_pages: true,
      delete_posts: true,
      delete_others_posts: true,
      delete_published_posts: true,
      delete_private_posts: true,
      edit_private_posts: true,
      read_private_posts: true,
      delete_private_pages: true,
      edit_private_pages: true,
      read_private_pages: true,
    },
  },
  author: {
    name: 'Author',
    capabilities: {
      upload_files: true,
      edit_posts: true,
      edit_published_posts: true,
      publish_posts: true,
      read: true,
      level_2: true,
      level_1: true,
      level_0: true,
      delete_posts: true,
      delete_published_posts: true,
    },
  },
  contributor: {
    name: 'Contributor',
    capabilities: {
      edit_posts: true,
      read: true,
      level_1: true,
      level_0: true,
      delete_posts: true,
    },
  },
  subscriber: {
    name: 'Subscriber',
    capabilities: {
      read: true,
      level_0: true,
    },
  },
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
 * The roles of a fresh site: core's capabilities, then each declared resource's (by position), then
 * the Event Aggregator's — with the five resources of this service, exactly what WordPress 7.0 + The
 * Events Calendar 6.17 stored in the option `wp_user_roles` of the fixture site
 * (shared/fixtures/tec-wordpress-seeded.sql). Seeds the option when it is absent; an existing one wins.
 */
export function defaultUserRoles(): Record<DefaultRole, { name: string; capabilities: Record<string, boolean> }> {
  const grants: RoleGrants[] = [...declaredResources().map((r) => r.roleCapabilities ?? {}), AGGREGATOR_RECORDS];
  const roles = Object.entries(CORE_ROLES).map(([role, { name, capabilities }]) => {
    const added = grants.flatMap((g) => g[role as DefaultRole] ?? []).map((cap) => [cap, true] as const);
    return [role, { name, capabilities: { ...capabilities, ...Object.fromEntries(added) } }];
  });
  return Object.fromEntries(roles) as ReturnType<typeof defaultUserRoles>;
}

/** Legacy `{prefix}user_level` usermeta value WordPress writes for each default role. */
export const USER_LEVELS = {
  administrator: 10,
  editor: 7,
  author: 2,
  contributor: 1,
  subscriber: 0,
} as const;
