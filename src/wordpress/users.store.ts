import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { placeholders, Sql } from '../database/sql';
import { maybeSerialize, phpUnserialize } from './php-serialization';

export interface UserRow {
  ID: number;
  user_login: string;
  user_email: string;
  user_pass: string;
  display_name: string;
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

const USER_COLUMNS = 'ID, user_login, user_email, user_pass, display_name';

/** `{prefix}users` and `{prefix}usermeta`. */
@Injectable()
export class UsersStore {
  constructor(private readonly db: DatabaseService) {}

  findByLogin(login: string, sql: Sql = this.db.sql): Promise<UserRow | undefined> {
    return sql.one<UserRow>(`SELECT ${USER_COLUMNS} FROM ${sql.table('users')} WHERE user_login = ? LIMIT 1`, [login]);
  }

  findByEmail(email: string, sql: Sql = this.db.sql): Promise<UserRow | undefined> {
    return sql.one<UserRow>(`SELECT ${USER_COLUMNS} FROM ${sql.table('users')} WHERE user_email = ? LIMIT 1`, [email]);
  }

  findById(id: number, sql: Sql = this.db.sql): Promise<UserRow | undefined> {
    return sql.one<UserRow>(`SELECT ${USER_COLUMNS} FROM ${sql.table('users')} WHERE ID = ?`, [id]);
  }

  list(sql: Sql = this.db.sql): Promise<UserRow[]> {
    return sql.rows<UserRow>(`SELECT ${USER_COLUMNS} FROM ${sql.table('users')} ORDER BY ID`);
  }

  async create(
    user: { login: string; email: string; passwordHash: string; displayName?: string; registered: string },
    sql: Sql,
  ): Promise<number> {
    const nicename = user.login.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').slice(0, 50);
    const { insertId } = await sql.run(
      `INSERT INTO ${sql.table('users')} (user_login, user_pass, user_nicename, user_email, user_url, user_registered,
        user_activation_key, user_status, display_name) VALUES (?, ?, ?, ?, '', ?, '', 0, ?)`,
      [user.login, user.passwordHash, nicename, user.email, user.registered, user.displayName ?? user.login],
    );
    return insertId;
  }

  /** All values of the given meta keys for one user (first row of each key, as get_user_meta single). */
  async meta(userId: number, keys: string[], sql: Sql = this.db.sql): Promise<Map<string, string>> {
    const rows = await sql.rows<{ meta_key: string; meta_value: string }>(
      `SELECT meta_key, meta_value FROM ${sql.table('usermeta')} WHERE user_id = ? AND meta_key IN (${placeholders(keys)}) ORDER BY umeta_id`,
      [userId, ...keys],
    );
    const map = new Map<string, string>();
    for (const r of rows) if (!map.has(r.meta_key)) map.set(r.meta_key, r.meta_value);
    return map;
  }

  /** WordPress `update_user_meta` (single value): update the row in place or add it. */
  async setMeta(userId: number, key: string, value: unknown, sql: Sql): Promise<void> {
    const serialized = maybeSerialize(value);
    const existing = await sql.one<{ umeta_id: number }>(
      `SELECT umeta_id FROM ${sql.table('usermeta')} WHERE user_id = ? AND meta_key = ? ORDER BY umeta_id LIMIT 1`,
      [userId, key],
    );
    if (existing) {
      await sql.run(`UPDATE ${sql.table('usermeta')} SET meta_value = ? WHERE umeta_id = ?`, [serialized, existing.umeta_id]);
    } else {
      await sql.run(`INSERT INTO ${sql.table('usermeta')} (user_id, meta_key, meta_value) VALUES (?, ?, ?)`, [
        userId,
        key,
        serialized,
      ]);
    }
  }

  async applicationPasswords(userId: number, sql: Sql = this.db.sql): Promise<ApplicationPasswordItem[]> {
    const raw = (await this.meta(userId, ['_application_passwords'], sql)).get('_application_passwords');
    const items = phpUnserialize<unknown>(raw);
    if (!items || typeof items !== 'object') return [];
    return Object.values(items as Record<string, ApplicationPasswordItem>).filter(
      (i) => i && typeof i === 'object' && typeof i.password === 'string',
    );
  }

  saveApplicationPasswords(userId: number, items: ApplicationPasswordItem[], sql: Sql): Promise<void> {
    return this.setMeta(userId, '_application_passwords', items, sql);
  }
}
