import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { ReadModel } from '../read-model';
import { PostsStore } from '../wordpress/posts.store';
import { KeptTotals } from './kept-totals';
import { bumpDataVersion } from './repository/data-version.repository';
import { writtenKeys } from './written-keys';

/**
 * Makes every write transaction bump the shared data version (one of its rows) before its commit,
 * with the journal row of what it touched (writtenKeys), ahead of the change cursor, the last row a
 * write takes (docs/caching.md), and the read model's rows that show what it touched deleted — after
 * the bump, which is what keeps a concurrent fill from writing a row this write retires
 * (ReadModel.fill); the totals a write of one event moves instead (KeptTotals) are moved in the same
 * round trip, after the bump. Registered when the provider is built — before any module initialises and
 * writes — so no write of the service or its CLI escapes it.
 */
@Injectable()
export class DataVersionWriter {
  constructor(db: DatabaseService, posts: PostsStore, readModel: ReadModel, totals: KeptTotals) {
    db.beforeCommit(async () => {
      const keys = writtenKeys(posts);
      const moved = totals.moves(keys);
      // The totals' moves and the read of the rows to retire go with the bump: one round trip.
      const shownBy = readModel.shownBy(keys);
      const results = await bumpDataVersion(db.sql, keys, [...moved.statements, ...(shownBy ? [shownBy] : [])]);
      await readModel.retire(keys, shownBy && results.at(-1)!.rows, moved.rows);
    });
  }
}
