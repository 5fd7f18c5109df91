import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * `{prefix}eca_import_feeds`: one row per subscribed feed URL (migration ImportFeeds, docs/import.md
 * "Subscriptions"). Times are epoch milliseconds.
 */
@Entity({ name: 'eca_import_feeds' })
@Index('due', ['enabled', 'next_run_at'])
export class ImportFeedEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: number;
  @Column({ type: 'varchar', length: 2048 }) url: string;
  /** The status of the events a run creates. */
  @Column({ type: 'varchar', length: 20 }) status: string;
  @Column({ type: 'int', unsigned: true }) interval_minutes: number;
  @Column({ type: 'tinyint' }) enabled: number;
  /** When the next run is due. */
  @Column({ type: 'bigint', unsigned: true }) next_run_at: number;
  /** Until when a claimed run holds the feed (0: not running); a crashed run's lease expires. */
  @Column({ type: 'bigint', unsigned: true, default: 0 }) lease_until: number;
  /** Failed runs in a row, and when the first of them was. */
  @Column({ type: 'int', unsigned: true, default: 0 }) failures: number;
  @Column({ type: 'bigint', unsigned: true, nullable: true }) failing_since: number | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) last_error: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) disabled_reason: string | null;
  @Column({ type: 'bigint', unsigned: true, nullable: true }) last_run_at: number | null;
  @Column({ type: 'bigint', unsigned: true, nullable: true }) last_import_id: number | null;
  @Column({ type: 'bigint', unsigned: true }) created_by: number;
  @Column({ type: 'bigint', unsigned: true }) created_at: number;
  @Column({ type: 'bigint', unsigned: true }) updated_at: number;
}
