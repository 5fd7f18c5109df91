import { ECA_NAMESPACE } from '../changes';
import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../resources/collection-layout';
import { defineResource } from '../resources/resource-declaration';
import { IMPORTS_CATALOGS } from './imports.catalogs';
import { ImportCountsResponse, ImportItemResponse, ImportListResponse, ImportResponse } from './imports.response';

/** WordPress's capability of its importers (Tools → Import): administrators. */
export const IMPORT_CAPABILITY = 'import';

/**
 * `/eca/v1/imports`: iCalendar (and later CSV) brought in as events (docs/import.md). Reports are
 * written by bookkeeping transactions, so never kept by the response cache; the events an import
 * writes go through the events' own write path (and so the change feed and webhooks).
 */
export const IMPORTS_RESOURCE = defineResource({
  namespace: ECA_NAMESPACE,
  collection: 'imports',
  responseCache: false,
  writeCapabilities: [IMPORT_CAPABILITY],
  layout: { ...GENERIC_LAYOUT, schema: 'Import', endpointOrder: POST_ENDPOINT_ORDER },
  schemas: [ImportItemResponse, ImportCountsResponse, ImportResponse, ImportListResponse],
  catalogs: IMPORTS_CATALOGS,
  docs: {
    one: 'an import',
    deletion: 'delete',
    readers: 'Administrators only (the `import` capability), with an application password (HTTP Basic).',
    readsNeedLogin: true,
    examples: { create: { url: 'https://calendar.example.org/team.ics', status: 'draft' }, fetchesUrl: true },
    notes: {
      create:
        'The iCalendar file is the request body (`Content-Type: text/calendar`), a multipart upload, or the `url` of a feed (public addresses only). Every VEVENT becomes an event (a series with RRULE/EXDATE/RDATE); the same file imported again changes nothing. The answer is the report: created, updated, unchanged and failed items with the reason and the line.',
    },
  },
});
