import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** `{prefix}postmeta` (WordPress core DDL), with the service's (meta_key, meta_value) index (migration MetaValueIndex). */
@Entity({ name: 'postmeta' })
@Index('eca_meta_key_value', ['meta_key', 'meta_value'])
export class PostMetaEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) meta_id: number;
  @Index('post_id') @Column({ type: 'bigint', unsigned: true, default: 0 }) post_id: number;
  @Index('meta_key') @Column({ type: 'varchar', length: 255, nullable: true }) meta_key: string | null;
  @Column({ type: 'text', nullable: true }) meta_value: string | null;
}

/** `{prefix}termmeta` (WordPress core DDL). */
@Entity({ name: 'termmeta' })
export class TermMetaEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) meta_id: number;
  @Index('term_id') @Column({ type: 'bigint', unsigned: true, default: 0 }) term_id: number;
  @Index('meta_key') @Column({ type: 'varchar', length: 255, nullable: true }) meta_key: string | null;
  @Column({ type: 'text', nullable: true }) meta_value: string | null;
}

/** `{prefix}usermeta` (WordPress core DDL). */
@Entity({ name: 'usermeta' })
export class UserMetaEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) umeta_id: number;
  @Index('user_id') @Column({ type: 'bigint', unsigned: true, default: 0 }) user_id: number;
  @Index('meta_key') @Column({ type: 'varchar', length: 255, nullable: true }) meta_key: string | null;
  @Column({ type: 'text', nullable: true }) meta_value: string | null;
}
