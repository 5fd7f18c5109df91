import { bumpDataVersion, readVersionVector } from '../../src/cache/repository/data-version.repository';
import type { TestApp } from './test-app';

/**
 * For tests that write the database directly, as WordPress would: bump the data version as the
 * must-use plugin of docs/caching.md does (no journal row: every instance retires everything), and
 * after it move the read model's epoch as the plugin does for a write it cannot name (every row
 * retired), so no instance answers from before the write.
 */
export async function bumpCacheVersion(t: Pick<TestApp, 'db'>): Promise<void> {
  await bumpDataVersion(t.db.sql);
  await t.db.sql.run(`UPDATE ${t.db.sql.table('eca_read_epoch')} SET epoch = epoch + 1 WHERE id = 1`);
}

/** The sum of the data-version rows (one per committed write), undefined while a row is missing. */
export async function dataVersionSum(t: Pick<TestApp, 'db'>): Promise<number | undefined> {
  const vector = await readVersionVector(t.db.sql);
  return vector === undefined ? undefined : vector.split(',').reduce((sum, value) => sum + Number(value), 0);
}
