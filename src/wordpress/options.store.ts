import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { OptionEntity } from '../database/entities';
import { requestScope } from '../database/request-scope';
import { placeholders, Sql } from '../database/sql';
import { maybeSerialize, maybeUnserialize, sharedUnserialize } from './php-serialization';
import { SharedGeneration } from './shared-generation';
import { transactionMemo } from './transaction-memo';
import { CacheKey } from './cache-keys';
import { EVERYTHING, noteTouched } from './write-journal';

/** Options show no record: a write that retires everything retires them, or one of an option alone (CacheKey.options). */
const SHOWS_OPTIONS: ReadonlySet<string> = new Set([CacheKey.options]);

/**
 * The site settings read on the way of most requests (clock, permalinks, list defaults, language,
 * links): the first of them a request asks for brings the others in the same query, instead of one
 * round trip per place that asks.
 */
/**
 * The service's own option, set only when it seeded `home` itself without SITE_URL: links then follow
 * the host each request came to (a restart on another port or host name is not stuck with the first
 * one); a WordPress site's own `home` is always kept.
 */
export const HOME_FOLLOWS_REQUEST = 'eca_home_follows_request';

const READ_TOGETHER = [
  'tribe_events_calendar_options',
  'timezone_string',
  'gmt_offset',
  'posts_per_page',
  'permalink_structure',
  'tag_base',
  'home',
  'siteurl',
  HOME_FOLLOWS_REQUEST,
  'upload_url_path',
  'WPLANG',
];

/** `{prefix}options`: WordPress site settings (values PHP-serialized where structured). */
@Injectable()
export class OptionsStore {
  /**
   * Values read under a generation, shared by the requests that come after while no write retired
   * everything (only a write of an option or a user does: write-journal.ts) and for the TTL at most.
   */
  private shared?: { generation: number; born: number; memo: Map<string, Promise<unknown>> };

  constructor(
    private readonly db: DatabaseService,
    private readonly versions: SharedGeneration,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /**
   * Raw values of the named options that exist. Outside a transaction each option is read once per
   * generation that retired everything when the request has one to share (SharedGeneration, RequestDataVersion: the response cache's rule),
   * else once per HTTP request (requestScope memo, cleared when a transaction commits): a request
   * asks for the site settings from several places, and they change only through writes. The
   * READ_TOGETHER settings come in one query; `withSettings`: with these names too, when any is read
   * (an option read before the settings are, such as the roles at authentication).
   */
  async getRaw(names: string[], withSettings = false): Promise<Map<string, string>> {
    if (!names.length) return new Map();
    const scope = requestScope.getStore();
    const inTransaction = this.transactionReads();
    if (inTransaction) {
      // A write reuses what its request read before the transaction (the same settings its plan used),
      // then what the transaction read or wrote itself (set/addIfAbsent keep this memo current).
      for (const name of names) {
        const before = scope?.memo.get(`option:${name}`) as Promise<string | undefined> | undefined;
        if (before && !inTransaction.has(name)) inTransaction.set(name, before);
      }
      return this.memoized(names, inTransaction);
    }
    if (!scope || this.sql.inTransaction) return this.read(names);
    const read = await this.versions.current();
    if (!read) return this.memoized(names, scope.memo, 'option:', withSettings);
    let shared = this.shared;
    if (!shared || Date.now() - shared.born >= this.versions.ttlMs || !this.versions.valid(shared.generation, SHOWS_OPTIONS)) {
      this.shared = shared = { generation: read.generation, born: Date.now(), memo: new Map() };
    }
    const memo = shared.memo;
    const values = await this.memoized(names, memo, '', withSettings);
    // A write of this request starts from what the request read (see the transaction branch above),
    // the settings read along included.
    for (const [name, value] of memo) if (!scope.memo.has(`option:${name}`)) scope.memo.set(`option:${name}`, value);
    // SQLite: read while a write transaction ran (its uncommitted rows visible): not for the others.
    if (!this.versions.keepable(read) && this.shared === shared) this.shared = undefined;
    return values;
  }

  /** The transaction's own option values (undefined outside a transaction). */
  private transactionReads(): Map<string, Promise<string | undefined>> | undefined {
    return transactionMemo('options', () => new Map<string, Promise<string | undefined>>());
  }

  /** Reads the names `memo` does not hold (with the READ_TOGETHER settings), then answers from it. */
  private async memoized(names: string[], memo: Map<string, Promise<unknown>>, prefix = '', withSettings = false): Promise<Map<string, string>> {
    const missing = names.filter((name) => !memo.has(`${prefix}${name}`));
    if (missing.length && (withSettings || missing.some((name) => READ_TOGETHER.includes(name)))) {
      missing.push(...READ_TOGETHER.filter((name) => !missing.includes(name) && !memo.has(`${prefix}${name}`)));
    }
    if (missing.length) {
      const read = this.read(missing);
      for (const name of missing) {
        const value = read.then((values) => values.get(name));
        // Settings read along but never asked for would otherwise be unhandled rejections.
        value.catch(() => undefined);
        memo.set(`${prefix}${name}`, value);
      }
      // A failed read is not remembered: the next caller tries again.
      read.catch(() => missing.forEach((name) => memo.delete(`${prefix}${name}`)));
    }
    const values = await Promise.all(names.map((name) => memo.get(`${prefix}${name}`) as Promise<string | undefined>));
    return new Map(names.flatMap((name, i) => (values[i] === undefined ? [] : [[name, values[i]!] as [string, string]])));
  }

  private async read(names: string[]): Promise<Map<string, string>> {
    const rows = await this.sql.rows<Pick<OptionEntity, 'option_name' | 'option_value'>>(
      `SELECT option_name, option_value FROM ${this.sql.table('options')} WHERE option_name IN (${placeholders(names)})`,
      names,
    );
    return new Map(rows.map((r) => [r.option_name, r.option_value]));
  }

  /**
   * A structured option read with the site settings (the first place a request asks from brings them
   * in its query: authentication, for the roles) and parsed once per distinct value, shared and frozen
   * (sharedUnserialize): readers must not change it.
   */
  async getShared<T>(name: string): Promise<T | undefined> {
    return sharedUnserialize((await this.getRaw([name], true)).get(name)) as T | undefined;
  }

  async get<T = unknown>(name: string): Promise<T | undefined> {
    const raw = (await this.getRaw([name])).get(name);
    return raw === undefined ? undefined : (maybeUnserialize(raw) as T);
  }

  /** WordPress `add_option`: writes only when the option is absent. Returns whether it wrote. */
  async addIfAbsent(name: string, value: unknown, autoload = 'yes'): Promise<boolean> {
    const verb = this.sql.isMysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
    const result = await this.sql.run(`${verb} INTO ${this.sql.table('options')} (option_name, option_value, autoload) VALUES (?, ?, ?)`, [
      name,
      maybeSerialize(value),
      autoload,
    ]);
    const reads = this.transactionReads();
    // Options shape every answer (formats, zones, links): a write of one retires every cached value.
    if (result.affected > 0) noteTouched(EVERYTHING);
    if (result.affected > 0) reads?.set(name, Promise.resolve(maybeSerialize(value)));
    else reads?.delete(name);
    return result.affected > 0;
  }

  /**
   * WordPress `update_option`: insert or overwrite. `touches`: what the write changes, for the caches —
   * everything (options shape every answer: formats, zones, links), unless the caller knows the part it
   * changed is shown by no answer (CacheKey.options: only the options' own memo is retired).
   */
  async set(name: string, value: unknown, touches: string = EVERYTHING): Promise<void> {
    const serialized = maybeSerialize(value);
    const updated = await this.sql.run(`UPDATE ${this.sql.table('options')} SET option_value = ? WHERE option_name = ?`, [serialized, name]);
    if (updated.affected === 0 && !(await this.read([name])).has(name)) {
      await this.addIfAbsent(name, value);
    }
    noteTouched(touches);
    this.transactionReads()?.set(name, Promise.resolve(serialized));
  }
}
