import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { bumpDataVersion } from './repository/data-version.repository';

/**
 * Makes every write transaction bump the shared data version (one of its rows) before its commit,
 * ahead of the change cursor, the last row a write takes (docs/caching.md).
 * Registered when the provider is built — before any module initialises and writes — so no write of
 * the service or its CLI escapes it.
 */
@Injectable()
export class DataVersionWriter {
  constructor(db: DatabaseService) {
    db.beforeCommit(() => bumpDataVersion(db.sql));
  }
}
