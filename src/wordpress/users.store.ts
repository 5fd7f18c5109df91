import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { UserEntity, UserMetaEntity } from '../database/entities';
import { placeholders, Sql } from '../database/sql';
import { maybeSerialize, phpUnserialize } from './php-serialization';
import { EVERYTHING, noteTouched } from './write-journal';

/** The `{prefix}users` columns this API reads. */
const USER_FIELDS = ['ID', 'user_login', 'user_email', 'user_pass', 'display_name', 'user_registered'] as const satisfies readonly (keyof UserEntity)[];
const USER_COLUMNS = USER_FIELDS.join(', ');

/** One `{prefix}users` row as this API reads it (USER_FIELDS of the entity). */
export type UserRow = Pick<UserEntity, (typeof USER_FIELDS)[number]>;

/** A `{prefix}usermeta` row; the column allows a NULL `meta_key` or `meta_value`, which WordPress never writes. */
type UserMetaRow = Pick<UserMetaEntity, 'umeta_id' | 'user_id'> & { [K in 'meta_key' | 'meta_value']: NonNullable<UserMetaEntity[K]> };

/** The usermeta key of a user's application passwords (a PHP-serialized list of items). */
export const APPLICATION_PASSWORDS_KEY = '_application_passwords';

/** The items of a stored `_application_passwords` value (none when absent or malformed). */
export function applicationPasswordItems(raw: string | undefined): ApplicationPasswordItem[] {
  const items = phpUnserialize<unknown>(raw);
  if (!items || typeof items !== 'object') return [];
  return Object.values(items as Record<string, ApplicationPasswordItem>).filter((i) => i && typeof i === 'object' && typeof i.password === 'string');
}

/** One item of usermeta `_application_passwords`, exactly as WordPress stores it. */
export interface ApplicationPasswordItem {
  uuid: string;
  app_id: string;
  name: string;
  password: string;
  created: number;
  last_used: number | null;
  last_ip: string | null;
}

/** `{prefix}users` and `{prefix}usermeta`. */
@Injectable()
export class UsersStore {
  constructor(private readonly db: DatabaseService) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  findByLogin(login: string): Promise<UserRow | undefined> {
    return this.sql.one<UserRow>(`SELECT ${USER_COLUMNS} FROM ${this.sql.table('users')} WHERE user_login = ? LIMIT 1`, [login]);
  }

  /**
   * The user a login names with its values of the meta `keys` (first row of each key), in one
   * statement: by login, else (when `byEmailToo`) by e-mail address — WordPress's order. The statement
   * depends only on `byEmailToo` and the number of keys, never on what exists (auth.service.ts times
   * a failed login alike for every login). The rows are put in order here: an `ORDER BY` over both
   * tables costs MariaDB a temporary table, more than the two statements this one replaces. The lowest
   * ID is what `LIMIT 1` on either index picked.
   */
  async findWithMeta(login: string, byEmailToo: boolean, keys: string[]): Promise<{ user?: UserRow; meta: Map<string, string> }> {
    const columns = USER_FIELDS.map((field) => `u.${field}`).join(', ');
    const rows = await this.sql.rows<UserRow & { by_login: number | string; umeta_id: number | null; meta_key: string | null; meta_value: string | null }>(
      `SELECT ${columns}, u.user_login = ? AS by_login, m.umeta_id, m.meta_key, m.meta_value FROM ${this.sql.table('users')} u
        LEFT JOIN ${this.sql.table('usermeta')} m ON m.user_id = u.ID AND m.meta_key IN (${placeholders(keys)})
        WHERE u.user_login = ?${byEmailToo ? ' OR u.user_email = ?' : ''}`,
      [login, ...keys, login, ...(byEmailToo ? [login] : [])],
    );
    rows.sort((a, b) => Number(a.ID) - Number(b.ID) || Number(a.umeta_id) - Number(b.umeta_id));
    const found = rows.find((row) => Number(row.by_login) === 1) ?? rows[0];
    const meta = new Map<string, string>();
    if (!found) return { meta };
    for (const row of rows) {
      if (row.ID === found.ID && row.meta_key !== null && !meta.has(row.meta_key)) meta.set(row.meta_key, row.meta_value ?? '');
    }
    const user: UserRow = Object.fromEntries(USER_FIELDS.map((field) => [field, found[field]])) as UserRow;
    return { user, meta };
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.sql.one<UserRow>(`SELECT ${USER_COLUMNS} FROM ${this.sql.table('users')} WHERE ID = ?`, [id]);
  }

  list(): Promise<UserRow[]> {
    return this.sql.rows<UserRow>(`SELECT ${USER_COLUMNS} FROM ${this.sql.table('users')} ORDER BY ID`);
  }

  async create(user: { login: string; email: string; passwordHash: string; displayName?: string; registered: string }): Promise<number> {
    const nicename = user.login
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .slice(0, 50);
    const { insertId } = await this.sql.run(
      `INSERT INTO ${this.sql.table('users')} (user_login, user_pass, user_nicename, user_email, user_url, user_registered,
        user_activation_key, user_status, display_name) VALUES (?, ?, ?, ?, '', ?, '', 0, ?)`,
      [user.login, user.passwordHash, nicename, user.email, user.registered, user.displayName ?? user.login],
    );
    // Users show in answers (authors, capabilities): a write of one retires every cached value.
    noteTouched(EVERYTHING);
    return insertId;
  }

  /** All values of the given meta keys for one user (first row of each key, as get_user_meta single). */
  async meta(userId: number, keys: string[]): Promise<Map<string, string>> {
    const rows = await this.sql.rows<Pick<UserMetaRow, 'meta_key' | 'meta_value'>>(
      `SELECT meta_key, meta_value FROM ${this.sql.table('usermeta')} WHERE user_id = ? AND meta_key IN (${placeholders(keys)}) ORDER BY umeta_id`,
      [userId, ...keys],
    );
    const map = new Map<string, string>();
    for (const r of rows) if (!map.has(r.meta_key)) map.set(r.meta_key, r.meta_value);
    return map;
  }

  /** WordPress `update_user_meta` (single value): update the row in place or add it. */
  async setMeta(userId: number, key: string, value: unknown): Promise<void> {
    const serialized = maybeSerialize(value);
    const existing = await this.sql.one<Pick<UserMetaRow, 'umeta_id'>>(
      `SELECT umeta_id FROM ${this.sql.table('usermeta')} WHERE user_id = ? AND meta_key = ? ORDER BY umeta_id LIMIT 1`,
      [userId, key],
    );
    if (existing) {
      await this.sql.run(`UPDATE ${this.sql.table('usermeta')} SET meta_value = ? WHERE umeta_id = ?`, [serialized, existing.umeta_id]);
    } else {
      await this.sql.run(`INSERT INTO ${this.sql.table('usermeta')} (user_id, meta_key, meta_value) VALUES (?, ?, ?)`, [userId, key, serialized]);
    }
    noteTouched(EVERYTHING);
  }

  async applicationPasswords(userId: number): Promise<ApplicationPasswordItem[]> {
    return applicationPasswordItems((await this.meta(userId, [APPLICATION_PASSWORDS_KEY])).get(APPLICATION_PASSWORDS_KEY));
  }

  saveApplicationPasswords(userId: number, items: ApplicationPasswordItem[]): Promise<void> {
    return this.setMeta(userId, APPLICATION_PASSWORDS_KEY, items);
  }

  /** Every user's stored `_application_passwords` value (raw, serialized). */
  async allApplicationPasswordValues(): Promise<string[]> {
    const rows = await this.sql.rows<Pick<UserMetaRow, 'meta_value'>>(`SELECT meta_value FROM ${this.sql.table('usermeta')} WHERE meta_key = ?`, [
      APPLICATION_PASSWORDS_KEY,
    ]);
    return rows.map((row) => row.meta_value);
  }

  /** One meta key's value for every user that has it (the first row of each), by user ID. */
  async metaOfAll(key: string): Promise<Map<number, string>> {
    const rows = await this.sql.rows<Pick<UserMetaRow, 'user_id' | 'meta_value'>>(
      `SELECT user_id, meta_value FROM ${this.sql.table('usermeta')} WHERE meta_key = ? ORDER BY umeta_id`,
      [key],
    );
    const values = new Map<number, string>();
    for (const row of rows) if (!values.has(Number(row.user_id))) values.set(Number(row.user_id), row.meta_value);
    return values;
  }
}
