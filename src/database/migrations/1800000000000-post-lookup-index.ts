import { MigrationInterface, QueryRunner } from 'typeorm';
import { addServiceIndexes, dropServiceIndexes, ServiceIndex } from './service-indexes';

/**
 * The service's index on SQLite's `posts` for the `GET /events` window (src/events/event-list.query.ts):
 * the list reads the window from the occurrence date index and checks each row's post. By the primary
 * key that is a read of the whole post row (its content included), at random places of the table —
 * 100k events: 0.1–0.3 s for a total of the whole table's window; through this narrow covering index
 * (the columns the list's conditions read besides search), 0.06 s. MariaDB is left as it is: with
 * its statistics it counts a window that holds most events from the posts' own type/status index in
 * ID order instead, and the index would cost every write for nothing.
 */
const INDEXES: ServiceIndex[] = [
  { table: 'posts', name: 'eca_post_lookup', columns: ['ID', 'post_type', 'post_status', 'post_author', 'post_password', 'post_parent'] },
];

const isSqlite = (runner: QueryRunner) => runner.connection.options.type === 'better-sqlite3';

export class PostLookupIndex1800000000000 implements MigrationInterface {
  name = 'PostLookupIndex1800000000000';

  async up(runner: QueryRunner): Promise<void> {
    if (isSqlite(runner)) await addServiceIndexes(runner, INDEXES);
  }

  async down(runner: QueryRunner): Promise<void> {
    if (isSqlite(runner)) await dropServiceIndexes(runner, INDEXES);
  }
}
