import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** `{prefix}tec_events`: The Events Calendar ≥ 6 keeps one row per event (contract storage.md §11). */
@Entity({ name: 'tec_events' })
export class TecEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) event_id: number;
  @Index('post_id', { unique: true }) @Column({ type: 'bigint', unsigned: true }) post_id: number;
  @Column({ type: 'varchar', length: 19 }) start_date: string;
  @Column({ type: 'varchar', length: 19, nullable: true }) end_date: string | null;
  @Column({ type: 'varchar', length: 30, default: 'UTC' }) timezone: string;
  @Column({ type: 'varchar', length: 19 }) start_date_utc: string;
  @Column({ type: 'varchar', length: 19, nullable: true }) end_date_utc: string | null;
  @Column({ type: 'mediumint', nullable: true, default: 7200 }) duration: number | null;
  @Column({ type: 'datetime', nullable: true }) updated_at: string | null;
  @Column({ type: 'varchar', length: 40 }) hash: string;
}

/**
 * `{prefix}tec_occurrences`: one row per occurrence; the project writes exactly one per event. TEC names
 * its two date indexes with the table prefix inside (`idx_{prefix}tec_occurrences_…`); `eca_start_*`
 * are the service's own, for the event list's date window (migration EventListIndexes).
 */
@Entity({ name: 'tec_occurrences' })
@Index('idx_tec_occurrences_post_id_dates', ['post_id', 'end_date', 'start_date'])
@Index('idx_tec_occurrences_post_id_dates_utc', ['post_id', 'end_date_utc', 'start_date_utc'])
@Index('eca_start_local', ['start_date', 'post_id', 'end_date'])
@Index('eca_start_utc', ['start_date_utc', 'post_id', 'end_date_utc'])
export class TecOccurrenceEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) occurrence_id: number;
  @Index('event_id') @Column({ type: 'bigint', unsigned: true }) event_id: number;
  @Column({ type: 'bigint', unsigned: true }) post_id: number;
  @Column({ type: 'datetime' }) start_date: string;
  @Column({ type: 'datetime' }) start_date_utc: string;
  @Column({ type: 'datetime' }) end_date: string;
  @Column({ type: 'datetime' }) end_date_utc: string;
  @Column({ type: 'mediumint', nullable: true, default: 7200 }) duration: number | null;
  @Index('hash', { unique: true }) @Column({ type: 'varchar', length: 40 }) hash: string;
  @Column({ type: 'datetime', nullable: true }) updated_at: string | null;
}
