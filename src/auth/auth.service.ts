import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OptionsStore } from '../wordpress/options.store';
import { phpUnserialize } from '../wordpress/php-serialization';
import { UserRow, UsersStore } from '../wordpress/users.store';
import { RestError } from '../rest/rest-error';
import { ANONYMOUS, Caller } from './caller';
import { effectiveCapabilities, RoleMap } from './capabilities';
import {
  generateApplicationPassword,
  hashApplicationPassword,
  normalizeApplicationPassword,
  verifyApplicationPassword,
} from './password-hashing';

const EMAIL = /^[^@\s]+@[^@\s]+$/;
/** Hash of a random value: verified against when the login is unknown, to keep timing uniform. */
const UNKNOWN_USER_HASH = hashApplicationPassword(generateApplicationPassword());

/** HTTP Basic with WordPress application passwords (contract auth-and-permissions.md §1). */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersStore,
    private readonly options: OptionsStore,
    private readonly config: AppConfig,
  ) {}

  /**
   * Resolves the caller of a request from its Authorization header. A header that is not
   * `Basic base64(login:password)` means anonymous; wrong credentials are a 401 RestError.
   */
  async authenticate(header: string | undefined): Promise<Caller> {
    const credentials = parseBasic(header);
    if (!credentials) return ANONYMOUS;
    const user = await this.findUser(credentials.login);
    const password = normalizeApplicationPassword(credentials.password);
    const items = user && password ? await this.users.applicationPasswords(user.ID) : [];
    // Check every item (and a dummy one for unknown users) so timing does not tell what was wrong.
    const hashes = items.length ? items.map((i) => i.password) : [UNKNOWN_USER_HASH];
    const matched = hashes.reduce((ok, hash) => verifyApplicationPassword(password, hash) || ok, false);
    // Deliberate deviation from WordPress (issue #2): one answer for an unknown login, an unknown
    // e-mail and a wrong password, so a failed login never says which part was wrong.
    if (!user || !items.length || !matched) {
      throw new RestError('incorrect_password', 'The login or the application password is incorrect.', 401);
    }
    return this.callerFor(user);
  }

  /** Effective capabilities of a user from `{prefix}capabilities` and the `{prefix}user_roles` option. */
  async callerFor(user: Pick<UserRow, 'ID' | 'user_login'>): Promise<Caller> {
    const prefix = this.config.tablePrefix;
    const [meta, roles] = await Promise.all([
      this.users.meta(user.ID, [`${prefix}capabilities`]),
      this.options.get<RoleMap>(`${prefix}user_roles`),
    ]);
    const granted = phpUnserialize<Record<string, boolean>>(meta.get(`${prefix}capabilities`)) ?? {};
    return { id: user.ID, login: user.user_login, capabilities: effectiveCapabilities(granted, roles ?? {}) };
  }

  /** By login, then (for values that look like one) by e-mail address. */
  private async findUser(login: string): Promise<UserRow | undefined> {
    const byLogin = await this.users.findByLogin(login);
    if (byLogin || !EMAIL.test(login)) return byLogin;
    return this.users.findByEmail(login);
  }
}

function parseBasic(header: string | undefined): { login: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
