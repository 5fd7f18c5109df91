import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A number beside a read model row's text (`total`): the count of a list total kept by the writes
 * (src/cache/kept-totals.ts), which an event write moves by its own difference in its transaction
 * (`total = total + …`, atomic under concurrent writers) instead of deleting the row. Null for every
 * other row; WordPress's must-use plugin deletes rows as before and never reads it.
 */
export class ReadModelTotals1920000000000 implements MigrationInterface {
  name = 'ReadModelTotals1920000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    if (await runner.hasColumn(`${prefix}eca_read_model`, 'total')) return;
    const sqlite = runner.connection.options.type === 'better-sqlite3';
    const model = runner.connection.driver.escape(`${prefix}eca_read_model`);
    await runner.query(`ALTER TABLE ${model} ADD COLUMN total ${sqlite ? 'INTEGER' : 'bigint(20)'} NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    await runner.query(`ALTER TABLE ${runner.connection.driver.escape(`${prefix}eca_read_model`)} DROP COLUMN total`);
  }
}
