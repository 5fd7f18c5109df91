import { PayloadProperty, ResponseSchema } from '../rest/responses/response-schema';
import { ChangeResponse } from './changes.response';

/** A webhook (`/eca/v1/webhooks`); its secret is shown in full only in the answer to its creation. */
@ResponseSchema('Webhook')
export class WebhookResponse {
  @PayloadProperty({ type: 'integer', description: 'The webhook ID' }) id!: number;
  @PayloadProperty({ type: 'string', description: 'The URL deliveries are POSTed to' }) url!: string;
  @PayloadProperty({ type: 'array', items: { type: 'string' }, description: 'The kinds of change delivered' }) events!: string[];
  @PayloadProperty({ type: 'string', description: 'The signing secret: in full when just created, else masked (last 4 characters)' }) secret!: string;
  @PayloadProperty({ type: 'boolean', description: 'Whether changes are delivered' }) active!: boolean;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Why the service disabled it (repeated failure), else null' })
  disabled_reason!: string | null;
  @PayloadProperty({ type: 'integer', description: 'Failed attempts since the last successful delivery' }) consecutive_failures!: number;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When it was created (UTC)' }) created_at!: string;
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When it was last changed (UTC)' }) updated_at!: string;
}

/** `DELETE /eca/v1/webhooks/{id}` (WordPress core's shape of a permanent delete). */
@ResponseSchema('WebhookDeleted')
export class WebhookDeletedResponse {
  @PayloadProperty({ type: 'boolean', description: 'Always true' }) deleted!: boolean;
  @PayloadProperty({ type: WebhookResponse, description: 'The webhook as it was' }) previous!: WebhookResponse;
}

/** One attempt of a delivery. */
@ResponseSchema('DeliveryAttempt')
export class DeliveryAttemptResponse {
  @PayloadProperty({ type: 'string', format: 'date-time', description: 'When the attempt started (UTC)' }) at!: string;
  @PayloadProperty({ type: 'integer', description: 'How long it took (ms)' }) duration_ms!: number;
  @PayloadProperty({ type: 'integer', nullable: true, description: 'The HTTP status the target answered, null without an answer' })
  status_code!: number | null;
  @PayloadProperty({ type: 'string', nullable: true, description: 'Why it failed, null on success' }) error!: string | null;
  @PayloadProperty({ type: 'string', nullable: true, description: 'The start of the target’s answer (1,024 characters at most)' })
  response!: string | null;
}

/** One change delivered (or to be delivered) to one webhook. */
@ResponseSchema('Delivery')
export class DeliveryResponse {
  @PayloadProperty({ type: 'integer', description: 'The delivery ID (`id` of the body, `X-ECA-Delivery`)' }) id!: number;
  @PayloadProperty({ type: 'string', description: 'The kind of change (`X-ECA-Event`)' }) kind!: string;
  @PayloadProperty({ type: 'string', enum: ['pending', 'paused', 'succeeded', 'failed'], description: 'Where the delivery stands' }) status!: string;
  @PayloadProperty({ type: ChangeResponse, nullable: true, description: 'The change, null once it left the log' }) change!: ChangeResponse | null;
  @PayloadProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the next attempt is due (pending only)' })
  next_attempt_at!: string | null;
  @PayloadProperty({ type: [DeliveryAttemptResponse], description: 'Every attempt so far, oldest first' }) attempts!: DeliveryAttemptResponse[];
}

/** `GET /eca/v1/webhooks/{id}/deliveries`. */
@ResponseSchema('DeliveryLog')
export class DeliveryLogResponse {
  @PayloadProperty({ type: [DeliveryResponse], description: 'Deliveries, newest change first' }) deliveries!: DeliveryResponse[];
  @PayloadProperty({ type: 'integer', nullable: true, description: 'The `before` of the next page, null on the last one' }) next_before!: number | null;
}
