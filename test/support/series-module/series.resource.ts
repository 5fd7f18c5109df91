import { postTypeRoleCapabilities } from '../../../src/auth/default-roles';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../../../src/discovery/collection-layout';
import { defineResource } from '../../../src/rest/resources/resource-declaration';
import { SERIES_POST_TYPE } from './series.repository';

/** `/series`: the `eca_series` post type, its capabilities and who gets them, its layout and one translation. */
export const SERIES_RESOURCE = defineResource({
  collection: 'series',
  postTypes: { [SERIES_POST_TYPE]: 'eca_series' },
  roleCapabilities: postTypeRoleCapabilities('eca_series'),
  writeCapabilities: ['edit_eca_series'],
  layout: { ...GENERIC_LAYOUT, endpointOrder: POST_ENDPOINT_ORDER },
  catalogs: { fr: { 'SeriesArgs.title': 'Titre de la série' } },
});
