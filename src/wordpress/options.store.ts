import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { placeholders, Sql } from '../database/sql';
import { maybeSerialize, maybeUnserialize } from './php-serialization';

/** `{prefix}options`: WordPress site settings (values PHP-serialized where structured). */
@Injectable()
export class OptionsStore {
  constructor(private readonly db: DatabaseService) {}

  /** Raw values of the named options that exist. */
  async getRaw(names: string[], sql: Sql = this.db.sql): Promise<Map<string, string>> {
    if (!names.length) return new Map();
    const rows = await sql.rows<{ option_name: string; option_value: string }>(
      `SELECT option_name, option_value FROM ${sql.table('options')} WHERE option_name IN (${placeholders(names)})`,
      names,
    );
    return new Map(rows.map((r) => [r.option_name, r.option_value]));
  }

  async get<T = unknown>(name: string, sql: Sql = this.db.sql): Promise<T | undefined> {
    const raw = (await this.getRaw([name], sql)).get(name);
    return raw === undefined ? undefined : (maybeUnserialize(raw) as T);
  }

  /** WordPress `add_option`: writes only when the option is absent. Returns whether it wrote. */
  async addIfAbsent(name: string, value: unknown, sql: Sql = this.db.sql, autoload = 'yes'): Promise<boolean> {
    const verb = sql.isMysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
    const result = await sql.run(
      `${verb} INTO ${sql.table('options')} (option_name, option_value, autoload) VALUES (?, ?, ?)`,
      [name, maybeSerialize(value), autoload],
    );
    return result.affected > 0;
  }

  /** WordPress `update_option`: insert or overwrite. */
  async set(name: string, value: unknown, sql: Sql = this.db.sql): Promise<void> {
    const serialized = maybeSerialize(value);
    const updated = await sql.run(`UPDATE ${sql.table('options')} SET option_value = ? WHERE option_name = ?`, [
      serialized,
      name,
    ]);
    if (updated.affected === 0 && !(await this.getRaw([name], sql)).has(name)) {
      await this.addIfAbsent(name, value, sql);
    }
  }
}
