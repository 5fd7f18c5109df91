import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { ReadModel } from '../read-model';
import { PostsStore } from '../wordpress/posts.store';
import { bumpDataVersion } from './repository/data-version.repository';
import { writtenKeys } from './written-keys';

/**
 * Makes every write transaction bump the shared data version (one of its rows) before its commit,
 * with the journal row of what it touched (writtenKeys), ahead of the change cursor, the last row a
 * write takes (docs/caching.md), and the read model's rows that show what it touched deleted — after
 * the bump, which is what keeps a concurrent fill from writing a row this write retires
 * (ReadModel.fill). Registered when the provider is built — before any module initialises and
 * writes — so no write of the service or its CLI escapes it.
 */
@Injectable()
export class DataVersionWriter {
  constructor(db: DatabaseService, posts: PostsStore, readModel: ReadModel) {
    db.beforeCommit(async () => {
      const keys = writtenKeys(posts);
      // The read of the rows to retire goes with the bump: one round trip.
      const shown = await bumpDataVersion(db.sql, keys, readModel.shownBy(keys));
      await readModel.retire(keys, shown);
    });
  }
}
