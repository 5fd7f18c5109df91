import { MigrationInterface, QueryRunner } from 'typeorm';
import { addServiceIndexes, dropServiceIndexes, ServiceIndex } from './service-indexes';

/**
 * The service's own indexes on TEC's `tec_occurrences` table, for the `GET /events` date window
 * (src/events/event-list.query.ts). TEC's indexes all start with `post_id`, so none can serve a date
 * range; these start with the date the list filters and orders by, then `post_id` (the tie-breaker),
 * then the end date, so a page is read in index order and stops after `per_page` rows.
 */
const INDEXES: ServiceIndex[] = [
  { table: 'tec_occurrences', name: 'eca_start_local', columns: ['start_date', 'post_id', 'end_date'] },
  { table: 'tec_occurrences', name: 'eca_start_utc', columns: ['start_date_utc', 'post_id', 'end_date_utc'] },
];

export class EventListIndexes1770000000000 implements MigrationInterface {
  name = 'EventListIndexes1770000000000';

  up(runner: QueryRunner): Promise<void> {
    return addServiceIndexes(runner, INDEXES);
  }

  down(runner: QueryRunner): Promise<void> {
    return dropServiceIndexes(runner, INDEXES);
  }
}
