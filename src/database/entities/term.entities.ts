import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** `{prefix}terms` (WordPress core DDL). */
@Entity({ name: 'terms' })
export class TermEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) term_id: number;
  @Index('name') @Column({ type: 'varchar', length: 200, default: '' }) name: string;
  @Index('slug') @Column({ type: 'varchar', length: 200, default: '' }) slug: string;
  @Column({ type: 'bigint', default: 0 }) term_group: number;
}

/** `{prefix}term_taxonomy` (WordPress core DDL). */
@Entity({ name: 'term_taxonomy' })
@Index('term_id_taxonomy', ['term_id', 'taxonomy'], { unique: true })
export class TermTaxonomyEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) term_taxonomy_id: number;
  @Column({ type: 'bigint', unsigned: true, default: 0 }) term_id: number;
  @Index('taxonomy') @Column({ type: 'varchar', length: 32, default: '' }) taxonomy: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'bigint', unsigned: true, default: 0 }) parent: number;
  @Column({ type: 'bigint', default: 0 }) count: number;
}

/** `{prefix}term_relationships` (WordPress core DDL). */
@Entity({ name: 'term_relationships' })
export class TermRelationshipEntity {
  @PrimaryColumn({ type: 'bigint', unsigned: true }) object_id: number;
  @Index('term_taxonomy_id') @PrimaryColumn({ type: 'bigint', unsigned: true }) term_taxonomy_id: number;
  @Column({ type: 'int', default: 0 }) term_order: number;
}
