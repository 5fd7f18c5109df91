import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { requestScope } from '../database/request-scope';
import { placeholders, Sql, transactionScope } from '../database/sql';
import { maybeSerialize, maybeUnserialize } from './php-serialization';

/**
 * The site settings read on the way of most requests (clock, permalinks, list defaults, language,
 * links): the first of them a request asks for brings the others in the same query, instead of one
 * round trip per place that asks.
 */
const READ_TOGETHER = [
  'tribe_events_calendar_options',
  'timezone_string',
  'gmt_offset',
  'posts_per_page',
  'permalink_structure',
  'tag_base',
  'home',
  'siteurl',
  'upload_url_path',
  'WPLANG',
];

/** `{prefix}options`: WordPress site settings (values PHP-serialized where structured). */
@Injectable()
export class OptionsStore {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Raw values of the named options that exist. Outside a transaction each option is read once per
   * HTTP request (requestScope memo, cleared when a transaction commits): a request asks for the
   * site settings from several places, and they change only through writes. The READ_TOGETHER
   * settings come in one query.
   */
  async getRaw(names: string[], sql: Sql = this.db.sql): Promise<Map<string, string>> {
    if (!names.length) return new Map();
    const scope = requestScope.getStore();
    if (!scope || sql !== this.db.sql || transactionScope.getStore()) return this.read(names, sql);
    const missing = names.filter((name) => !scope.memo.has(`option:${name}`));
    if (missing.some((name) => READ_TOGETHER.includes(name))) {
      missing.push(...READ_TOGETHER.filter((name) => !missing.includes(name) && !scope.memo.has(`option:${name}`)));
    }
    if (missing.length) {
      const read = this.read(missing, sql);
      for (const name of missing) {
        const value = read.then((values) => values.get(name));
        // Settings read along but never asked for would otherwise be unhandled rejections.
        value.catch(() => undefined);
        scope.memo.set(`option:${name}`, value);
      }
      // A failed read is not remembered: the next caller in the request tries again.
      read.catch(() => missing.forEach((name) => scope.memo.delete(`option:${name}`)));
    }
    const values = await Promise.all(names.map((name) => scope.memo.get(`option:${name}`) as Promise<string | undefined>));
    return new Map(names.flatMap((name, i) => (values[i] === undefined ? [] : [[name, values[i]!] as [string, string]])));
  }

  private async read(names: string[], sql: Sql): Promise<Map<string, string>> {
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
