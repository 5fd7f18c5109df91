import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `{prefix}eca_cache_state`: rows `id` 1–32 whose sum is the data version; every write bumps one (migrations CacheState, DataVersionShards). */
@Entity({ name: 'eca_cache_state' })
export class CacheStateEntity {
  @PrimaryColumn({ type: 'tinyint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) version: number;
}
