import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { requestScope } from '../database/request-scope';
import { Dependencies, Freshness } from './freshness';
import { readJournal, readVersionVector } from './repository/data-version.repository';
import { SharedVersionRead } from './shared-version-read';

const SYNC_MEMO = 'data-version:sync';

/**
 * This instance's Freshness (what the writes committed so far retired), read from the database: the
 * response cache, the record cache, the list totals and the site options all file their values under
 * its generations and ask it whether a value is still valid (docs/caching.md).
 */
@Injectable()
export class DataFreshness {
  private readonly freshness = new Freshness();
  private readonly shared = new SharedVersionRead();

  constructor(private readonly db: DatabaseService) {}

  /**
   * The generation this request's reads are valid under, from a look at the data-version rows that
   * began after the call, shared by the requests waiting for one (SharedVersionRead); undefined when
   * nothing may be shared (a row missing, a lagging replica).
   */
  sync(): Promise<number | undefined> {
    // One look per request once its scope exists (the response cache's front, then the credential cache
    // and the request's data ask in turn): a look begun after the request arrived is one begun before any
    // of its data. A commit of the request clears it.
    const memo = requestScope.getStore()?.memo;
    const known = memo?.get(SYNC_MEMO) as Promise<number | undefined> | undefined;
    if (known) return known;
    const look = this.shared.read(() => this.look());
    memo?.set(SYNC_MEMO, look);
    // A failed look is not kept: a later ask of the request looks again.
    look.catch(() => memo?.delete(SYNC_MEMO));
    return look;
  }

  /** The same, from a look of this request's own, on the server its data will come from. */
  syncOwn(): Promise<number | undefined> {
    return this.look();
  }

  valid(generation: number, dependencies: Dependencies): boolean {
    return this.freshness.valid(generation, dependencies);
  }

  private async look(): Promise<number | undefined> {
    const sql = this.db.sql;
    const vector = await readVersionVector(sql);
    return vector === undefined ? undefined : this.freshness.advance(vector, (ranges) => readJournal(sql, ranges));
  }
}
