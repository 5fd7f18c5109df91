import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The occurrences a series write touched, on its one change row (docs/webhooks-and-changes.md): JSON
 * `{"created":[ids],"updated":[ids],"trashed":[ids]}`, NULL for every other change. One change per
 * series write instead of one per occurrence (issue #24).
 */
export class SeriesChanges1860000000000 implements MigrationInterface {
  name = 'SeriesChanges1860000000000';

  async up(runner: QueryRunner): Promise<void> {
    const table = `${runner.connection.options.entityPrefix ?? ''}eca_changes`;
    if (await runner.hasColumn(table, 'occurrences')) return;
    await runner.query(`ALTER TABLE ${runner.connection.driver.escape(table)} ADD COLUMN occurrences text NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    await runner.query(`ALTER TABLE ${runner.connection.driver.escape(`${prefix}eca_changes`)} DROP COLUMN occurrences`);
  }
}
