import { QueryRunner } from 'typeorm';

/** One of the service's own secondary indexes on a WordPress or TEC table (name without prefix). */
export interface ServiceIndex {
  table: string;
  name: string;
  /** Columns, MySQL prefix lengths included (`meta_value(32)`); SQLite indexes the whole columns. */
  columns: string[];
}

function isMysql(runner: QueryRunner): boolean {
  return runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
}

/**
 * Adds the indexes that are missing. Secondary indexes change no data, WordPress and TEC ignore them,
 * and the database keeps them current whoever writes the rows (dbDelta schema updates add missing
 * indexes and never drop unknown ones).
 */
export async function addServiceIndexes(runner: QueryRunner, indexes: ServiceIndex[]): Promise<void> {
  const prefix = runner.connection.options.entityPrefix ?? '';
  for (const { table, name, columns } of indexes) {
    if (!isMysql(runner)) {
      const whole = columns.map((c) => c.replace(/\(\d+\)$/, ''));
      await runner.query(`CREATE INDEX IF NOT EXISTS "${prefix}${name}" ON "${prefix}${table}" (${whole.join(', ')})`);
      continue;
    }
    // MySQL 8 has no ADD INDEX IF NOT EXISTS: look the index up first.
    const found = await runner.query(
      'SELECT 1 FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ? LIMIT 1',
      [`${prefix}${table}`, name],
    );
    const list = columns.map((c) => c.replace(/^(\w+)/, '`$1`')).join(', ');
    if (!found.length) await runner.query(`ALTER TABLE \`${prefix}${table}\` ADD INDEX \`${name}\` (${list})`);
  }
}

export async function dropServiceIndexes(runner: QueryRunner, indexes: ServiceIndex[]): Promise<void> {
  const prefix = runner.connection.options.entityPrefix ?? '';
  for (const { table, name } of indexes) {
    await runner.query(isMysql(runner) ? `ALTER TABLE \`${prefix}${table}\` DROP INDEX \`${name}\`` : `DROP INDEX IF EXISTS "${prefix}${name}"`);
  }
}
