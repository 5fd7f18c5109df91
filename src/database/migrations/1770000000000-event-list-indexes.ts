import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service's own indexes on TEC's `tec_occurrences` table, for the `GET /events` date window
 * (src/events/event-list.query.ts). TEC's indexes all start with `post_id`, so none can serve a date
 * range; these start with the date the list filters and orders by, then `post_id` (the tie-breaker),
 * then the end date, so a page is read in index order and stops after `per_page` rows. Secondary
 * indexes change no data, WordPress and TEC ignore them, and the database keeps them current whoever
 * writes the rows (TEC's dbDelta schema updates add missing indexes and never drop unknown ones).
 */
const INDEXES: Record<string, string[]> = {
  eca_start_local: ['start_date', 'post_id', 'end_date'],
  eca_start_utc: ['start_date_utc', 'post_id', 'end_date_utc'],
};

export class EventListIndexes1770000000000 implements MigrationInterface {
  name = 'EventListIndexes1770000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const table = `${prefix}tec_occurrences`;
    const isMysql = runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
    for (const [name, columns] of Object.entries(INDEXES)) {
      if (!isMysql) {
        await runner.query(`CREATE INDEX IF NOT EXISTS "${prefix}${name}" ON "${table}" (${columns.join(', ')})`);
        continue;
      }
      // MySQL 8 has no ADD INDEX IF NOT EXISTS: look the index up first.
      const found = await runner.query(
        'SELECT 1 FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ? LIMIT 1',
        [table, name],
      );
      if (!found.length) await runner.query(`ALTER TABLE \`${table}\` ADD INDEX \`${name}\` (${columns.map((c) => `\`${c}\``).join(', ')})`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const isMysql = runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
    for (const name of Object.keys(INDEXES)) {
      await runner.query(isMysql ? `ALTER TABLE \`${prefix}tec_occurrences\` DROP INDEX \`${name}\`` : `DROP INDEX IF EXISTS "${prefix}${name}"`);
    }
  }
}
