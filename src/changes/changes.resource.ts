import { GENERIC_LAYOUT, POST_ENDPOINT_ORDER } from '../resources/collection-layout';
import { defineResource } from '../resources/resource-declaration';
import { SERVICE_NAMESPACE } from '../resources/resource-registry';
import { CHANGES_CATALOGS } from './changes.catalogs';
import { ChangedOccurrences, ChangeFeedResponse, ChangeResponse } from './changes.response';
import { WEBHOOKS_CAPABILITY } from './webhooks.service';
import { DeliveryAttemptResponse, DeliveryLogResponse, DeliveryResponse, WebhookDeletedResponse, WebhookResponse } from './webhooks.response';

/** The service's own namespace: what the plugin's API does not have. */
export const ECA_NAMESPACE = SERVICE_NAMESPACE;

/** `/eca/v1/changes`: the change feed (docs/webhooks-and-changes.md). */
export const CHANGES_RESOURCE = defineResource({
  namespace: ECA_NAMESPACE,
  collection: 'changes',
  schemas: [ChangedOccurrences, ChangeResponse, ChangeFeedResponse],
  catalogs: CHANGES_CATALOGS,
  docs: {
    one: 'a change',
    deletion: 'delete',
    readers:
      "What changed, oldest first (docs/webhooks-and-changes.md). Anyone sees the changes of public records; with an application password, also those of records the user may read now. Start with `after=0` (or the `last_cursor` of a first call) and pass each answer's `next_cursor` as the next `after`.",
  },
});

/**
 * `/eca/v1/webhooks`: subscriptions to the changes, for administrators. Their delivery state is written
 * by the worker's bookkeeping transactions, which do not bump the data version: never kept by the
 * response cache.
 */
export const WEBHOOKS_RESOURCE = defineResource({
  namespace: ECA_NAMESPACE,
  collection: 'webhooks',
  responseCache: false,
  writeCapabilities: [WEBHOOKS_CAPABILITY],
  layout: { ...GENERIC_LAYOUT, schema: 'Webhook', endpointOrder: POST_ENDPOINT_ORDER },
  schemas: [WebhookResponse, WebhookDeletedResponse, DeliveryAttemptResponse, DeliveryResponse, DeliveryLogResponse],
  docs: {
    one: 'a webhook',
    deletion: 'delete',
    readers: 'Administrators only (`manage_options`), with an application password (HTTP Basic).',
    readsNeedLogin: true,
    examples: { create: { url: 'https://example.org/hooks/events', events: ['event.*'] } },
    notes: {
      create:
        'Each matching change is POSTed to `url`, signed with HMAC-SHA256 over the body with the returned `secret` (docs/webhooks-and-changes.md); private and loopback targets are refused.',
      delete: 'Its pending deliveries go with it; the answer is `{"deleted": true, "previous": {…}}`.',
    },
  },
});
