import { postTypeRoleCapabilities } from '__SRC__/auth/default-roles';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '__SRC__/resources/collection-layout';
import { defineResource } from '__SRC__/resources/resource-declaration';
import { __PLURAL___CATALOGS } from './__plural__.catalogs';
import { __Singular__Response } from './__plural__.response';

/** The post type __plural__ are stored as; the plugin's namespace does not use it. */
export const __PLURAL___POST_TYPE = '__postType__';

/**
 * `/__namespace__/__plural__`: its own namespace, its post type with its capabilities and who gets them, its
 * layout, response class, catalogs and operation names. Its changes are in the feed as `__plural__.*`.
 */
export const __PLURAL___RESOURCE = defineResource({
  namespace: '__namespace__',
  collection: '__plural__',
  postTypes: { [__PLURAL___POST_TYPE]: __PLURAL___POST_TYPE },
  roleCapabilities: postTypeRoleCapabilities(__PLURAL___POST_TYPE),
  writeCapabilities: [`edit_${__PLURAL___POST_TYPE}`],
  layout: { ...GENERIC_LAYOUT, schema: '__Singular__', endpointOrder: POST_ENDPOINT_ORDER },
  schemas: [__Singular__Response],
  catalogs: __PLURAL___CATALOGS,
  docs: { one: '__a_singular__', deletion: 'trash', examples: { create: { title: 'First __singular__', status: 'publish' } } },
});
