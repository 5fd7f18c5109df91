import { readFileSync } from 'node:fs';
import {
  canOnPost,
  canPublish,
  effectiveCapabilities,
  PostAction,
  PostForCaps,
  postTypeCapabilityBase,
  RoleMap,
  scaleBackStatus,
} from '../../../src/auth/capabilities';
import { defaultUserRoles, grantResourceCapabilities, USER_LEVELS } from '../../../src/auth/default-roles';
import type { DefaultRole } from '../../../src/resources/resource-declaration';
import { declaredResources } from '../../../src/resources/resource-registry';
import { phpSerialize, phpUnserialize } from '../../../src/wordpress/php-serialization';
import { FIXTURE_SQL } from '../../support/fixture-paths';
// The resource modules declare their post types and role capabilities when they are defined: the
// production app's, and the example resource every test app mounts (docs/architecture.md).
import '../../../src/app/app.module';
import '../../support/series-module/series.module';

const DEFAULT_USER_ROLES = defaultUserRoles();

const ROLES: RoleMap = {
  reader: { name: 'Reader', capabilities: { read: true, level_0: true } },
  writer: { name: 'Writer', capabilities: { read: true, edit_posts: true, upload_files: false } },
  uploader: { capabilities: { upload_files: true } },
};

/** The option `wp_user_roles` the fixture site stored (WordPress 7.0 + The Events Calendar 6.17). */
const FIXTURE_ROLES = /'wp_user_roles','((?:[^'\\]|\\.)*)'/.exec(readFileSync(FIXTURE_SQL, 'utf8'))![1].replace(/\\(.)/g, '$1');
/** The resources outside the plugin's own collections (the example module, any new one): they only append. */
const OTHER_RESOURCES = declaredResources().filter((r) => r.position === undefined && r.roleCapabilities);

describe('defaultUserRoles', () => {
  it('composes, from the plugin’s declared resources, exactly the option the fixture site stored; other resources append theirs', () => {
    expect(OTHER_RESOURCES.map((r) => r.collection)).toContain('series');
    const expected = phpUnserialize(FIXTURE_ROLES) as RoleMap;
    for (const [role, definition] of Object.entries(expected)) {
      for (const r of OTHER_RESOURCES) for (const cap of r.roleCapabilities![role as DefaultRole] ?? []) definition.capabilities[cap] = true;
    }
    expect(phpSerialize(DEFAULT_USER_ROLES)).toBe(phpSerialize(expected));
  });

  it('holds the five WordPress roles with TEC capabilities and matching user levels', () => {
    expect(Object.keys(DEFAULT_USER_ROLES)).toEqual(['administrator', 'editor', 'author', 'contributor', 'subscriber']);
    expect(Object.keys(USER_LEVELS).sort()).toEqual(Object.keys(DEFAULT_USER_ROLES).sort());
    expect(DEFAULT_USER_ROLES.administrator.capabilities.level_10).toBe(true);
    expect(DEFAULT_USER_ROLES.author.capabilities.publish_tribe_organizers).toBe(true);
    expect(DEFAULT_USER_ROLES.contributor.capabilities.publish_tribe_events).toBeUndefined();
    expect(DEFAULT_USER_ROLES.subscriber.capabilities).toEqual({ read: true, level_0: true });
  });
});

describe('grantResourceCapabilities (npm run cli -- roles:grant)', () => {
  it('gives the fixture site’s roles what the resources declared since, and nothing else', () => {
    const stored = phpUnserialize(FIXTURE_ROLES) as RoleMap;
    const { roles, added } = grantResourceCapabilities(stored);
    expect(phpSerialize(roles)).toBe(phpSerialize(DEFAULT_USER_ROLES));
    const series = (role: DefaultRole) => OTHER_RESOURCES.flatMap((r) => r.roleCapabilities![role] ?? []);
    expect(added).toEqual({ administrator: series('administrator'), editor: series('editor'), author: series('author'), contributor: series('contributor') });
    expect(grantResourceCapabilities(roles).added).toEqual({});
  });

  it('never removes or overrides the site’s own: refused capabilities, deleted roles, its own roles and grants', () => {
    const stored: RoleMap = {
      administrator: { name: 'Administrator', capabilities: { manage_options: true, edit_tribe_event_series: false } },
      author: { name: 'Author', capabilities: { read: true, my_own_capability: true } },
      shop_manager: { name: 'Shop manager', capabilities: { read: true } },
    };
    const { roles, added } = grantResourceCapabilities(stored);
    expect(roles.administrator.capabilities.edit_tribe_event_series).toBe(false);
    expect(roles.administrator.capabilities.manage_options).toBe(true);
    expect(added.administrator).not.toContain('edit_tribe_event_series');
    expect(added.administrator).toContain('edit_others_tribe_event_series');
    expect(roles.author.capabilities).toMatchObject({ read: true, my_own_capability: true, publish_tribe_events: true, publish_tribe_event_series: true });
    expect(roles.shop_manager).toBe(stored.shop_manager);
    expect(Object.keys(roles)).toEqual(['administrator', 'author', 'shop_manager']);
    // The input is left as it was.
    expect(stored.author.capabilities).toEqual({ read: true, my_own_capability: true });
  });
});

describe('effectiveCapabilities', () => {
  it('includes the role capabilities and the role name itself', () => {
    const caps = effectiveCapabilities({ administrator: true }, DEFAULT_USER_ROLES);
    expect(caps.has('administrator')).toBe(true);
    expect(caps.has('manage_options')).toBe(true);
    expect(caps.has('delete_private_tribe_organizers')).toBe(true);
  });

  it('unions several roles, skipping capabilities a role sets to false', () => {
    expect([...effectiveCapabilities({ reader: true, writer: true }, ROLES)].sort()).toEqual(['edit_posts', 'level_0', 'read', 'reader', 'writer']);
    expect(effectiveCapabilities({ writer: true, uploader: true }, ROLES).has('upload_files')).toBe(true);
  });

  it('applies per-user entries after the roles: true grants, false revokes', () => {
    const caps = effectiveCapabilities({ writer: true, edit_posts: false, publish_tribe_events: true }, ROLES);
    expect(caps.has('edit_posts')).toBe(false);
    expect(caps.has('publish_tribe_events')).toBe(true);
    expect(caps.has('read')).toBe(true);
  });

  it('grants nothing for roles set to false or unknown role names', () => {
    expect([...effectiveCapabilities({ writer: false }, ROLES)]).toEqual([]);
    expect([...effectiveCapabilities({ ghost: true, constructor: true }, ROLES)].sort()).toEqual(['constructor', 'ghost']);
    expect(effectiveCapabilities({}, ROLES).size).toBe(0);
  });
});

describe('postTypeCapabilityBase / canPublish', () => {
  it('maps the TEC post types to their plural capability names', () => {
    expect(postTypeCapabilityBase('tribe_events')).toBe('tribe_events');
    expect(postTypeCapabilityBase('tribe_venue')).toBe('tribe_venues');
    expect(postTypeCapabilityBase('tribe_organizer')).toBe('tribe_organizers');
    expect(postTypeCapabilityBase('post')).toBeUndefined();
    expect(postTypeCapabilityBase('toString')).toBeUndefined();
  });

  it('checks publish_<base> of the record type itself', () => {
    const caps = new Set(['publish_tribe_venues']);
    expect(canPublish('tribe_venue', caps)).toBe(true);
    expect(canPublish('tribe_events', caps)).toBe(false);
    expect(canPublish('tribe_organizer', caps)).toBe(false);
    expect(canPublish('post', new Set(['publish_posts']))).toBe(false);
  });
});

describe('canOnPost', () => {
  const USER_ID = 7;
  const capsOf = (role: string): Set<string> => (role === 'anonymous' ? new Set() : effectiveCapabilities({ [role]: true }, DEFAULT_USER_ROLES));
  const ROLE_NAMES = ['administrator', 'editor', 'author', 'contributor', 'subscriber', 'anonymous'];

  type Status = 'publish' | 'draft' | 'private' | 'trash:publish' | 'trash:draft';
  const post = (owner: 'own' | 'others', status: Status, userId: number): PostForCaps => {
    const [postStatus, trashedFromStatus] = status.split(':');
    return {
      ID: 45,
      post_author: owner === 'own' ? userId : 99,
      post_status: postStatus,
      post_type: 'tribe_events',
      trashedFromStatus,
    };
  };

  // Expected by WordPress map_meta_cap with the fixture's default roles; `trash:X` = trashed from X.
  // Edit and delete share one shape and the default roles hold matching edit_*/delete_* primitives.
  const ADMINS = 'administrator editor';
  const AUTHORS = 'administrator editor author';
  const CONTRIBUTORS = 'administrator editor author contributor';
  const READERS = 'administrator editor author contributor subscriber';
  const MATRIX: Array<[PostAction, 'own' | 'others', Status, string]> = [
    ['read', 'own', 'publish', READERS],
    ['read', 'own', 'draft', READERS],
    ['read', 'own', 'private', READERS],
    ['read', 'own', 'trash:publish', READERS],
    ['read', 'own', 'trash:draft', READERS],
    ['read', 'others', 'publish', READERS],
    ['read', 'others', 'draft', ADMINS],
    ['read', 'others', 'private', ADMINS],
    ['read', 'others', 'trash:publish', ADMINS],
    ['read', 'others', 'trash:draft', ADMINS],
    ...(['edit', 'delete'] as const).flatMap((action): Array<[PostAction, 'own' | 'others', Status, string]> => [
      [action, 'own', 'publish', AUTHORS],
      [action, 'own', 'draft', CONTRIBUTORS],
      [action, 'own', 'private', CONTRIBUTORS],
      [action, 'own', 'trash:publish', AUTHORS],
      [action, 'own', 'trash:draft', CONTRIBUTORS],
      [action, 'others', 'publish', ADMINS],
      [action, 'others', 'draft', ADMINS],
      [action, 'others', 'private', ADMINS],
      [action, 'others', 'trash:publish', ADMINS],
      [action, 'others', 'trash:draft', ADMINS],
    ]),
  ];

  describe.each(MATRIX)('%s %s %s', (action, owner, status, allowed) => {
    it.each(ROLE_NAMES)('%s', (role) => {
      const userId = role === 'anonymous' ? 0 : USER_ID;
      expect(canOnPost(action, post(owner, status, userId), userId, capsOf(role))).toBe(allowed.split(' ').includes(role));
    });
  });

  const ownDraft: PostForCaps = { ID: 5, post_author: 7, post_status: 'draft', post_type: 'tribe_venue' };

  it('uses the primitives of the record’s own post type', () => {
    expect(canOnPost('edit', ownDraft, 7, new Set(['edit_tribe_venues']))).toBe(true);
    expect(canOnPost('edit', ownDraft, 7, new Set(['edit_tribe_events']))).toBe(false);
    const organizer = { ...ownDraft, post_type: 'tribe_organizer' };
    expect(canOnPost('delete', organizer, 7, new Set(['delete_tribe_organizers']))).toBe(true);
  });

  it('needs every mapped primitive and treats future like publish, pending like draft', () => {
    const othersFuture = { ...ownDraft, post_author: 8, post_status: 'future' };
    expect(canOnPost('edit', othersFuture, 7, new Set(['edit_others_tribe_venues']))).toBe(false);
    expect(canOnPost('edit', othersFuture, 7, new Set(['edit_others_tribe_venues', 'edit_published_tribe_venues']))).toBe(true);
    expect(canOnPost('read', othersFuture, 7, new Set(['read']))).toBe(false);
    expect(canOnPost('read', { ...othersFuture, post_status: 'pending' }, 7, new Set(['edit_others_tribe_venues']))).toBe(true);
  });

  it('resolves a trashed record without a pre-trash status to the unpublished primitive', () => {
    expect(canOnPost('delete', { ...ownDraft, post_status: 'trash' }, 7, new Set(['delete_tribe_venues']))).toBe(true);
  });

  it('never treats user 0 as the author of a record whose author is 0', () => {
    const orphan = { ...ownDraft, post_author: 0 };
    expect(canOnPost('edit', orphan, 0, new Set(['edit_tribe_venues']))).toBe(false);
    expect(canOnPost('edit', orphan, 0, new Set(['edit_others_tribe_venues']))).toBe(true);
  });

  it('denies everything on post types other than the TEC ones', () => {
    const page = { ...ownDraft, post_type: 'page' };
    expect(canOnPost('read', { ...page, post_status: 'publish' }, 7, capsOf('administrator'))).toBe(false);
  });
});

describe('scaleBackStatus', () => {
  it.each([
    // requested, canPublish, isCreate, stored
    [undefined, true, true, 'publish'],
    [undefined, false, true, 'draft'],
    [undefined, true, false, undefined],
    [undefined, false, false, undefined],
    ['', false, true, 'draft'],
    ['publish', true, true, 'publish'],
    ['future', true, false, 'future'],
    ['private', true, true, 'private'],
    ['draft', true, true, 'draft'],
    ['pending', true, false, 'pending'],
    ['publish', false, true, 'pending'],
    ['future', false, false, 'pending'],
    ['private', false, true, 'pending'],
    ['draft', false, false, 'draft'],
    ['pending', false, true, 'pending'],
  ])('%j (can publish: %s, create: %s) → %j', (requested, publisher, isCreate, stored) => {
    expect(scaleBackStatus(requested, publisher, isCreate)).toBe(stored);
  });
});
