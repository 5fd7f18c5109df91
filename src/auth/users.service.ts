import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { OptionsStore } from '../wordpress/options.store';
import { phpUnserialize } from '../wordpress/php-serialization';
import { ApplicationPasswordItem, UserRow, UsersStore } from '../wordpress/users.store';
import { CredentialCache } from './credential-cache.service';
import { USER_LEVELS } from './default-roles';
import { HashWorkProfile } from './hash-work-profile.service';
import {
  generateApplicationPassword,
  hashApplicationPassword,
  hashUserPassword,
  normalizeApplicationPassword,
  verifyApplicationPassword,
} from './password-hashing';

export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

export interface NewUser {
  login: string;
  email: string;
  role: Role;
  /** Login password (WordPress hash); a random one when omitted — the API itself only uses application passwords. */
  password?: string;
}

/** Creating users and managing their application passwords as WordPress does (rows WordPress reads back). */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersStore,
    private readonly options: OptionsStore,
    private readonly config: AppConfig,
    private readonly work: HashWorkProfile,
    private readonly verified: CredentialCache,
  ) {}

  findByLogin(login: string): Promise<UserRow | undefined> {
    return this.users.findByLogin(login);
  }

  list(): Promise<UserRow[]> {
    return this.users.list();
  }

  /** Every user with what its `{prefix}capabilities` grants (its roles, in stored order). */
  async listWithRoles(): Promise<(UserRow & { roles: string[] })[]> {
    const capabilities = await this.users.metaOfAll(`${this.config.tablePrefix}capabilities`);
    return (await this.users.list()).map((user) => {
      const granted = phpUnserialize<Record<string, unknown>>(capabilities.get(user.ID));
      const roles = granted && typeof granted === 'object' ? Object.keys(granted).filter((role) => granted[role]) : [];
      return { ...user, roles };
    });
  }

  async create(user: NewUser): Promise<number> {
    const p = this.config.tablePrefix;
    const userId = await this.db.transaction(async () => {
      if (await this.users.findByLogin(user.login)) throw new Error(`A user with login "${user.login}" already exists`);
      const id = await this.users.create({
        login: user.login,
        email: user.email,
        passwordHash: hashUserPassword(user.password ?? generateApplicationPassword()),
        registered: new Date().toISOString().slice(0, 19).replace('T', ' '),
      });
      // The usermeta rows wp_insert_user() writes for a new account.
      const meta: [string, unknown][] = [
        ['nickname', user.login],
        ['first_name', ''],
        ['last_name', ''],
        ['description', ''],
        ['rich_editing', 'true'],
        ['syntax_highlighting', 'true'],
        ['comment_shortcuts', 'false'],
        ['admin_color', 'fresh'],
        ['use_ssl', '0'],
        ['show_admin_bar_front', 'true'],
        ['locale', ''],
        [`${p}capabilities`, { [user.role]: true }],
        [`${p}user_level`, String(USER_LEVELS[user.role])],
      ];
      for (const [key, value] of meta) await this.users.setMeta(id, key, value);
      return id;
    });
    // A new login may now be what an e-mail-shaped login of a remembered header resolves to.
    this.verified.clear();
    return userId;
  }

  /** Adds an application password; returns the plain value, which is shown once and never stored. */
  async addApplicationPassword(userId: number, name: string, plain = generateApplicationPassword()) {
    const item: ApplicationPasswordItem = {
      uuid: randomUUID(),
      app_id: '',
      name,
      password: hashApplicationPassword(plain),
      created: Math.floor(Date.now() / 1000),
      last_used: null,
      last_ip: null,
    };
    await this.db.transaction(async () => {
      const items = await this.users.applicationPasswords(userId);
      await this.users.saveApplicationPasswords(userId, [...items, item]);
      await this.options.set('using_application_passwords', '1');
    });
    this.verified.clear();
    await this.work.refresh();
    return { plain, uuid: item.uuid };
  }

  async hasApplicationPassword(userId: number, plain: string): Promise<boolean> {
    const normalized = normalizeApplicationPassword(plain);
    const items = await this.users.applicationPasswords(userId);
    return items.some((i) => verifyApplicationPassword(normalized, i.password));
  }

  /** Items without their hashes. */
  async listApplicationPasswords(userId: number) {
    const items = await this.users.applicationPasswords(userId);
    return items.map(({ password: _hash, ...rest }) => rest);
  }

  async revokeApplicationPassword(userId: number, uuid: string): Promise<boolean> {
    const revoked = await this.db.transaction(async () => {
      const items = await this.users.applicationPasswords(userId);
      const kept = items.filter((i) => i.uuid !== uuid);
      if (kept.length === items.length) return false;
      await this.users.saveApplicationPasswords(userId, kept);
      return true;
    });
    if (!revoked) return false;
    this.verified.clear();
    await this.work.refresh();
    return true;
  }
}
