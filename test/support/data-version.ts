import { bumpDataVersion } from '../../src/cache/repository/data-version.repository';
import type { TestApp } from './test-app';

/**
 * For tests that write the database directly, as WordPress would: bump the data version as the
 * must-use plugin of docs/caching.md does, so no instance answers from before the write.
 */
export async function bumpCacheVersion(t: Pick<TestApp, 'db'>): Promise<void> {
  await bumpDataVersion(t.db.sql);
}
