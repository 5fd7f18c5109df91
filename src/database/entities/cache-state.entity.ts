import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `{prefix}eca_cache_state`: one row (`id` 1), the data version every write bumps (migration CacheState). */
@Entity({ name: 'eca_cache_state' })
export class CacheStateEntity {
  @PrimaryColumn({ type: 'tinyint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) version: number;
}
