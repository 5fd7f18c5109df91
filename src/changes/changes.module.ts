import { Module } from '@nestjs/common';
import { EventsModule } from '../events';
import { OrganizersModule } from '../organizers';
import { Resource } from '../resources/resource.decorator';
import { TermsModule } from '../terms';
import { VenuesModule } from '../venues';
import { ChangeRecorder } from './change-recorder';
import { ChangesController } from './changes.controller';
import { CHANGES_RESOURCE, WEBHOOKS_RESOURCE } from './changes.resource';
import { ChangesService } from './changes.service';
import { RecordPayloads } from './delivery/record-payload';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookWorker } from './delivery/webhook-worker';
import { ChangesRepository } from './repository/changes.repository';
import { DeliveriesRepository } from './repository/deliveries.repository';
import { WebhooksRepository } from './repository/webhooks.repository';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * The change log, its feed and webhooks, in the service's namespace `eca/v1` (docs/webhooks-and-changes.md):
 * the log is written by every write transaction (ChangeRecorder), read by the feed and by the delivery
 * worker, which shows records through the resources' own read services.
 */
@Resource(CHANGES_RESOURCE)
@Resource(WEBHOOKS_RESOURCE)
@Module({
  imports: [EventsModule, VenuesModule, OrganizersModule, TermsModule],
  controllers: [ChangesController, WebhooksController],
  providers: [
    ChangeRecorder,
    ChangesRepository,
    ChangesService,
    WebhooksRepository,
    WebhooksService,
    DeliveriesRepository,
    RecordPayloads,
    WebhookSender,
    WebhookWorker,
  ],
})
export class ChangesModule {}
