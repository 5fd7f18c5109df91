import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

// The change log and webhooks (migration ChangesAndWebhooks, docs/webhooks-and-changes.md). Times are
// epoch milliseconds; `tinyint(1)` flags are 0 or 1.

/** `{prefix}eca_change_cursor`: one row (`id` 1), the last cursor given out. */
@Entity({ name: 'eca_change_cursor' })
export class ChangeCursorEntity {
  @PrimaryColumn({ type: 'tinyint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) last_cursor: number;
}

/** `{prefix}eca_changes`: one row per record a write transaction changed. */
@Entity({ name: 'eca_changes' })
export class ChangeEntity {
  @PrimaryColumn({ type: 'bigint', unsigned: true }) cursor_id: number;
  @Column({ type: 'varchar', length: 20 }) record_type: string;
  @Column({ type: 'bigint', unsigned: true }) record_id: number;
  @Column({ type: 'varchar', length: 10 }) action: string;
  @Column({ type: 'bigint', unsigned: true }) changed_at: number;
  @Column({ type: 'tinyint' }) public_after: number;
  @Column({ type: 'tinyint' }) public_before: number;
  /** A series write's occurrences: JSON `{created, updated, trashed}` of IDs (migration SeriesChanges). */
  @Column({ type: 'text', nullable: true }) occurrences: string | null;
}

/** `{prefix}eca_webhooks`: the subscriptions. */
@Entity({ name: 'eca_webhooks' })
@Index('active_enqueued', ['active', 'enqueued_through'])
export class WebhookEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: number;
  @Column({ type: 'varchar', length: 2048 }) url: string;
  @Column({ type: 'varchar', length: 1000 }) events: string;
  @Column({ type: 'varchar', length: 255 }) secret: string;
  @Column({ type: 'tinyint' }) active: number;
  /** The last change cursor turned into deliveries. */
  @Column({ type: 'bigint', unsigned: true }) enqueued_through: number;
  @Column({ type: 'int', unsigned: true, default: 0 }) consecutive_failures: number;
  @Column({ type: 'bigint', unsigned: true, nullable: true }) failing_since: number | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) disabled_reason: string | null;
  @Column({ type: 'bigint', unsigned: true }) created_by: number;
  @Column({ type: 'bigint', unsigned: true }) created_at: number;
  @Column({ type: 'bigint', unsigned: true }) updated_at: number;
}

/** `{prefix}eca_webhook_deliveries`: one row per change and webhook, claimed by the delivery workers. */
@Entity({ name: 'eca_webhook_deliveries' })
@Index('webhook_change', ['webhook_id', 'change_cursor'], { unique: true })
@Index('due', ['state', 'next_attempt_at'])
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) webhook_id: number;
  @Column({ type: 'bigint', unsigned: true }) change_cursor: number;
  @Column({ type: 'varchar', length: 40 }) kind: string;
  @Column({ type: 'varchar', length: 10 }) state: string;
  @Column({ type: 'int', unsigned: true, default: 0 }) attempts: number;
  @Column({ type: 'bigint', unsigned: true }) next_attempt_at: number;
  @Column({ type: 'bigint', unsigned: true }) created_at: number;
  @Column({ type: 'bigint', unsigned: true, nullable: true }) completed_at: number | null;
}

/** `{prefix}eca_webhook_attempts`: the delivery log, one row per attempt. */
@Entity({ name: 'eca_webhook_attempts' })
@Index('delivery', ['delivery_id', 'attempt'])
export class WebhookAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) delivery_id: number;
  @Column({ type: 'int', unsigned: true }) attempt: number;
  @Column({ type: 'bigint', unsigned: true }) started_at: number;
  @Column({ type: 'int', unsigned: true }) duration_ms: number;
  @Column({ type: 'smallint', unsigned: true, nullable: true }) status_code: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) error: string | null;
  @Column({ type: 'text', nullable: true }) response: string | null;
}
