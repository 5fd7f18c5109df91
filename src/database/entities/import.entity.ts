import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** `{prefix}eca_imports`: one row per import run and its report (migration Imports, docs/import.md). Times are epoch milliseconds. */
@Entity({ name: 'eca_imports' })
@Index('feed', ['feed_id', 'id'])
export class ImportEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) created_by: number;
  /** `body`, `file` or `url`. */
  @Column({ type: 'varchar', length: 10 }) source_kind: string;
  /** The URL, or the uploaded file's name. */
  @Column({ type: 'varchar', length: 2048 }) source: string;
  /** `ical` or `csv`. */
  @Column({ type: 'varchar', length: 10 }) format: string;
  /** `completed` or `failed` (the source could not be read). */
  @Column({ type: 'varchar', length: 10 }) status: string;
  @Column({ type: 'int', unsigned: true }) created_count: number;
  @Column({ type: 'int', unsigned: true }) updated_count: number;
  @Column({ type: 'int', unsigned: true }) unchanged_count: number;
  @Column({ type: 'int', unsigned: true }) trashed_count: number;
  @Column({ type: 'int', unsigned: true }) failed_count: number;
  @Column({ type: 'varchar', length: 500, nullable: true }) error: string | null;
  /** JSON: one entry per VEVENT or CSV row. */
  @Column({ type: 'text' }) items: string;
  @Column({ type: 'bigint', unsigned: true }) started_at: number;
  @Column({ type: 'bigint', unsigned: true }) finished_at: number;
  /** The subscription (`eca_import_feeds`) whose run this is, null for an import of the API or the CLI. */
  @Column({ type: 'bigint', unsigned: true, nullable: true }) feed_id: number | null;
}
