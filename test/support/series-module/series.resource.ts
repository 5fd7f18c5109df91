import { postTypeRoleCapabilities } from '../../../src/auth/default-roles';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../../../src/resources/collection-layout';
import { defineResource } from '../../../src/resources/resource-declaration';
import { SERIES_CATALOGS } from './series.catalogs';
import { SeriesResponse } from './series.response';

/** The post type series are stored as; the plugin's namespace does not use it. */
export const SERIES_POST_TYPE = 'tribe_event_series';

/**
 * `/example/v1/series`: its own namespace, its post type with its capabilities and who gets them, its
 * layout, response class, catalogs and operation names. Its changes are in the feed as `series.*`.
 */
export const SERIES_RESOURCE = defineResource({
  namespace: 'example/v1',
  collection: 'series',
  postTypes: { [SERIES_POST_TYPE]: SERIES_POST_TYPE },
  roleCapabilities: postTypeRoleCapabilities(SERIES_POST_TYPE),
  writeCapabilities: [`edit_${SERIES_POST_TYPE}`],
  layout: { ...GENERIC_LAYOUT, schema: 'Series', endpointOrder: POST_ENDPOINT_ORDER },
  schemas: [SeriesResponse],
  catalogs: SERIES_CATALOGS,
  docs: { one: 'a series', deletion: 'trash', examples: { create: { title: 'First series', status: 'publish' } } },
});
