import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Indexes the migrations create on one engine only: SQLite's narrow covering index for the event
 * list's post checks (migration PostLookupIndex explains why MariaDB goes without it).
 */
export const SQLITE_ONLY_INDEXES: ReadonlySet<string> = new Set(['eca_post_lookup']);

/** `{prefix}posts`: events, venues, organizers and attachments share it (WordPress core DDL). */
@Entity({ name: 'posts' })
@Index('type_status_date', ['post_type', 'post_status', 'post_date', 'ID'])
@Index('type_status_author', ['post_type', 'post_status', 'post_author'])
@Index('eca_post_lookup', ['ID', 'post_type', 'post_status', 'post_author', 'post_password', 'post_parent'])
export class PostEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) ID: number;
  @Index('post_author') @Column({ type: 'bigint', unsigned: true, default: 0 }) post_author: number;
  /** Dates are `YYYY-MM-DD HH:MM:SS` strings on both engines (`dateStrings`): site time, and UTC for `_gmt`. */
  @Column({ type: 'datetime' }) post_date: string;
  @Column({ type: 'datetime' }) post_date_gmt: string;
  @Column({ type: 'text' }) post_content: string;
  @Column({ type: 'text' }) post_title: string;
  @Column({ type: 'text' }) post_excerpt: string;
  @Column({ type: 'varchar', length: 20, default: 'publish' }) post_status: string;
  @Column({ type: 'varchar', length: 20, default: 'open' }) comment_status: string;
  @Column({ type: 'varchar', length: 20, default: 'open' }) ping_status: string;
  @Column({ type: 'varchar', length: 255, default: '' }) post_password: string;
  @Index('post_name') @Column({ type: 'varchar', length: 200, default: '' }) post_name: string;
  @Column({ type: 'text' }) to_ping: string;
  @Column({ type: 'text' }) pinged: string;
  @Column({ type: 'datetime' }) post_modified: string;
  @Column({ type: 'datetime' }) post_modified_gmt: string;
  @Column({ type: 'text' }) post_content_filtered: string;
  @Index('post_parent') @Column({ type: 'bigint', unsigned: true, default: 0 }) post_parent: number;
  @Column({ type: 'varchar', length: 255, default: '' }) guid: string;
  @Column({ type: 'int', default: 0 }) menu_order: number;
  @Column({ type: 'varchar', length: 20, default: 'post' }) post_type: string;
  @Column({ type: 'varchar', length: 100, default: '' }) post_mime_type: string;
  @Column({ type: 'bigint', default: 0 }) comment_count: number;
}
