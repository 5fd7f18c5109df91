import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `{prefix}eca_cache_state`: rows `id` 1–32 whose sum is the data version; every write bumps one (migrations CacheState, DataVersionShards). */
@Entity({ name: 'eca_cache_state' })
export class CacheStateEntity {
  @PrimaryColumn({ type: 'tinyint', unsigned: true }) id: number;
  @Column({ type: 'bigint', unsigned: true }) version: number;
}

/** `{prefix}eca_cache_journal`: the cache keys each write touched, by the row it bumped and the value it bumped it to (migration CacheJournal). */
@Entity({ name: 'eca_cache_journal' })
export class CacheJournalEntity {
  @PrimaryColumn({ type: 'tinyint', unsigned: true }) shard: number;
  @PrimaryColumn({ type: 'bigint', unsigned: true }) value: number;
  @Column({ type: 'text', name: 'cache_keys' }) cacheKeys: string;
}
