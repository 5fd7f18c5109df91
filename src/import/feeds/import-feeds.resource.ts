import { ECA_NAMESPACE } from '../../changes';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../../resources/collection-layout';
import { defineResource } from '../../resources/resource-declaration';
import { IMPORT_CAPABILITY } from '../imports.resource';
import { IMPORT_FEEDS_CATALOGS } from './import-feeds.catalogs';
import { ImportFeedDeletedResponse, ImportFeedListResponse, ImportFeedResponse } from './import-feeds.response';

/**
 * `/eca/v1/import-feeds`: subscriptions, feed URLs re-imported on a schedule (docs/import.md
 * "Subscriptions"). Their run state is written by the worker's bookkeeping transactions, which do not
 * bump the data version: never kept by the response cache.
 */
export const IMPORT_FEEDS_RESOURCE = defineResource({
  namespace: ECA_NAMESPACE,
  collection: 'import-feeds',
  responseCache: false,
  writeCapabilities: [IMPORT_CAPABILITY],
  layout: { ...GENERIC_LAYOUT, schema: 'ImportFeed', endpointOrder: POST_ENDPOINT_ORDER },
  schemas: [ImportFeedResponse, ImportFeedListResponse, ImportFeedDeletedResponse],
  catalogs: IMPORT_FEEDS_CATALOGS,
  docs: {
    one: 'an import feed',
    deletion: 'delete',
    readers: 'Administrators only (the `import` capability), with an application password (HTTP Basic).',
    readsNeedLogin: true,
    examples: { create: { url: 'https://calendar.example.org/team.ics', status: 'draft', interval_minutes: 60 }, fetchesUrl: true },
    notes: {
      create:
        'The feed is re-imported every `interval_minutes` (the first run within a minute, or at once with `POST /import-feeds/{id}/run`), as `POST /imports` imports a URL; events that left the feed and have not started are trashed. Each run leaves a report in `/imports`; a failing URL backs off (interval × 2^failures, at most a day) and is disabled after a week of failures.',
      delete: 'Its events and reports stay; the answer is `{"deleted": true, "previous": {…}}`.',
    },
  },
});
