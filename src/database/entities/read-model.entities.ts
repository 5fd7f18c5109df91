import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** `{prefix}eca_read_model`: one record's caller-independent value as text, per kind (migration ReadModel, src/read-model/). */
@Entity({ name: 'eca_read_model' })
export class ReadModelRowEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) kind: string;
  @PrimaryColumn({ type: 'bigint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) epoch: number;
  @Column({ type: 'bigint', unsigned: true, name: 'built_at' }) builtAt: number;
  @Column({ type: 'text' }) body: string; // longtext on MySQL (the type family is what the schema check compares)
  /** The broad keys the row shows, as bits (src/read-model/broad-keys.ts). */
  @Column({ type: 'int', unsigned: true, default: 0 }) broad: number;
  /** A list total kept by the writes, beside its text (migration ReadModelTotals, src/cache/kept-totals.ts); null otherwise. */
  @Column({ type: 'bigint', nullable: true }) total: number | null;
}

/** `{prefix}eca_read_deps`: the journal keys each read model row shows, so a write finds the rows it retires. */
@Entity({ name: 'eca_read_deps' })
@Index('record', ['kind', 'id'])
export class ReadModelKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 191, name: 'dep_key' }) depKey: string;
  @PrimaryColumn({ type: 'varchar', length: 64 }) kind: string;
  @PrimaryColumn({ type: 'bigint', unsigned: true }) id: number;
}

/**
 * `{prefix}eca_read_epoch`: row 1's epoch, which a write of everything moves, retiring every read model
 * row at once; rows 2, 3, …: one counter per broad key (src/read-model/broad-keys.ts).
 */
@Entity({ name: 'eca_read_epoch' })
export class ReadModelEpochEntity {
  @PrimaryColumn({ type: 'tinyint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) epoch: number;
}
