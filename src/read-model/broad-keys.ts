import { CacheKey } from '../wordpress/cache-keys';

/**
 * Keys so many rows show that retiring them one row at a time would cost as much as the table is
 * large: every event's value and texts show both taxonomies' names (a term created, renamed or deleted
 * names them). Each has a counter of its own in `eca_read_epoch` (row 2 for the first, 3 for the
 * second, …), and a row that shows some of them (its `broad` bits) is current only while the sum of the
 * global epoch and of those counters is still the one it was written at: a write that names one moves
 * that counter, one statement whatever the number of rows (docs/caching.md "The read model"). Their
 * keys are still kept in `eca_read_deps`, so a must-use plugin of an earlier version, which deletes
 * rows by their keys, retires them too. The order is part of the stored rows: append only.
 */
export const BROAD_KEYS: readonly string[] = [CacheKey.taxonomy('tribe_events_cat'), CacheKey.taxonomy('post_tag')];

/** The `eca_read_epoch` row of the global epoch; BROAD_KEYS[i] has row i + 2. */
export const GLOBAL_EPOCH_ID = 1;

export const broadEpochId = (index: number) => index + 2;

/** Every counter a row's currency depends on: the global epoch's and the broad keys'. */
export const EPOCH_IDS: readonly number[] = [GLOBAL_EPOCH_ID, ...BROAD_KEYS.map((_, i) => broadEpochId(i))];

/** The bits of the broad keys among `keys` (bit i: BROAD_KEYS[i]). */
export function broadBits(keys: Iterable<string>): number {
  let bits = 0;
  for (const key of keys) {
    const index = BROAD_KEYS.indexOf(key);
    if (index >= 0) bits |= 1 << index;
  }
  return bits;
}
