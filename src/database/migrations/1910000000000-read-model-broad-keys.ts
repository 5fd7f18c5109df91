import { MigrationInterface, QueryRunner } from 'typeorm';

/** The global epoch's row, and the counters of the broad keys this migration adds (both taxonomies' names). */
const GLOBAL_EPOCH_ID = 1;
const BROAD_EPOCH_IDS = [2, 3];

/**
 * The read model's broad keys (src/read-model/broad-keys.ts): a counter per key in `eca_read_epoch`
 * and the bits of the keys each `eca_read_model` row shows (`broad`), so a term write retires every
 * event's rows with one statement instead of a row each. The rows written before it showed those keys
 * only through `eca_read_deps`: the global epoch moves once, and they are filled again.
 */
export class ReadModelBroadKeys1910000000000 implements MigrationInterface {
  name = 'ReadModelBroadKeys1910000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const q = (name: string) => runner.connection.driver.escape(`${prefix}${name}`);
    const sqlite = runner.connection.options.type === 'better-sqlite3';
    const model = q('eca_read_model');
    const epochs = q('eca_read_epoch');
    if (!(await runner.hasColumn(`${prefix}eca_read_model`, 'broad'))) {
      await runner.query(`ALTER TABLE ${model} ADD COLUMN broad ${sqlite ? 'INTEGER' : 'int unsigned'} NOT NULL DEFAULT 0`);
    }
    for (const id of BROAD_EPOCH_IDS) {
      const found = (await runner.query(`SELECT COUNT(*) AS n FROM ${epochs} WHERE id = ${id}`)) as { n: number | string }[];
      if (!Number(found[0]?.n)) await runner.query(`INSERT INTO ${epochs} (id, epoch) VALUES (${id}, 1)`);
    }
    await runner.query(`UPDATE ${epochs} SET epoch = epoch + 1 WHERE id = ${GLOBAL_EPOCH_ID}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const q = (name: string) => runner.connection.driver.escape(`${prefix}${name}`);
    await runner.query(`DELETE FROM ${q('eca_read_epoch')} WHERE id <> ${GLOBAL_EPOCH_ID}`);
    await runner.query(`ALTER TABLE ${q('eca_read_model')} DROP COLUMN broad`);
    await runner.query(`UPDATE ${q('eca_read_epoch')} SET epoch = epoch + 1 WHERE id = ${GLOBAL_EPOCH_ID}`);
  }
}
