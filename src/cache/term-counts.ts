import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { ReadModel } from '../read-model';
import { CacheKey } from '../wordpress/cache-keys';
import { TermsStore } from '../wordpress/terms.store';
import { RecordCache } from './record-cache';

/**
 * Terms' current counts (by term_taxonomy_id), shared under the data version: what an event's
 * categories and tags show of each term, read with each answer rather than kept in its text (a count
 * moves with every event that joins or leaves the term). The response cache reads them too, to put
 * them in a kept answer again (docs/caching.md "Term counts put in at replay").
 */
@Injectable()
export class TermCounts {
  constructor(
    private readonly db: DatabaseService,
    private readonly cache: RecordCache,
    private readonly readModel: ReadModel,
    private readonly terms: TermsStore,
  ) {}

  /**
   * The counts of `ids`; undefined inside a write, or when neither memory nor the read model keeps
   * values (each representation then counts its own). `declared`: whether the answer shows them as
   * they are (false: it holds them as places, put in again at each replay).
   */
  async current(ids: readonly number[], declared = true): Promise<Map<number, number> | undefined> {
    if (this.db.sql.inTransaction || !(this.cache.sharing || this.readModel.enabled)) return undefined;
    const load = (missing: number[]) => this.terms.counts(missing);
    if (!this.cache.sharing) return ids.length ? load([...new Set(ids)]) : new Map();
    return this.cache.many(
      'term-count',
      ids,
      load,
      () => 64,
      (id) => [CacheKey.count(id)],
      undefined,
      declared,
    );
  }
}
