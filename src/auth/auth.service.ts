import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OptionsStore } from '../wordpress/options.store';
import { phpUnserialize } from '../wordpress/php-serialization';
import { APPLICATION_PASSWORDS_KEY, applicationPasswordItems, UserRow, UsersStore } from '../wordpress/users.store';
import { RestError } from '../reasons/rest-error';
import { ANONYMOUS, Caller } from '../wordpress/caller';
import { effectiveCapabilities, RoleMap } from './capabilities';
import { CredentialCache } from './credential-cache.service';
import { HashWorkProfile } from './hash-work-profile.service';
import { normalizeApplicationPassword, verifyApplicationPassword } from './password-hashing';

const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** What a login reads: the user with its application passwords and capabilities, and the site's roles. */
export type LoginReads = Promise<[{ user?: UserRow; meta: Map<string, string> }, RoleMap | undefined]>;
/** HTTP Basic with WordPress application passwords (contract auth-and-permissions.md §1). */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersStore,
    private readonly options: OptionsStore,
    private readonly config: AppConfig,
    private readonly work: HashWorkProfile,
    private readonly verified: CredentialCache,
  ) {}

  /**
   * A look at what other processes changed (credential-cache.service.ts): the generation to verify
   * under (`authenticate`), undefined when no credential may be remembered or used from memory now.
   */
  lookForChanges(): Promise<number | undefined> {
    return this.verified.lookForChanges();
  }

  /** The caller `client` was verified as with this very header moments ago (credential-cache.service.ts). */
  remembered(header: string, client: string): Caller | undefined {
    return this.verified.get(header, client);
  }

  /**
   * Resolves the caller of a request from its Authorization header. A header that is not
   * `Basic base64(login:password)` means anonymous; wrong credentials are a 401 RestError.
   * With the `client` address and the generation lookForChanges found before, a success is
   * remembered for that client and header.
   */
  async authenticate(header: string | undefined, client?: string, version?: number, reads?: LoginReads): Promise<Caller> {
    const credentials = parseBasic(header);
    if (!credentials) return ANONYMOUS;
    const ticket = this.verified.ticket(version);
    // A failure must take the same time whether or not the login exists (docs/decisions.md): both
    // run the same statements, and verify the same number of hashes of each scheme and cost.
    const [{ user, meta }, roles] = await (reads ?? this.startReads(header)!);
    const hashes = applicationPasswordItems(meta.get(APPLICATION_PASSWORDS_KEY)).map((item) => item.password);
    const password = normalizeApplicationPassword(credentials.password);
    const matched = verifiesAny(password, hashes);
    if (user && password && matched) {
      const caller = this.callerOf(user, meta, roles);
      if (client !== undefined) this.verified.remember(ticket, header!, client, caller);
      return caller;
    }
    verifiesAny(password, this.work.padding(hashes));
    // Deliberate deviation from WordPress (issue #2): one answer for an unknown login, an unknown
    // e-mail and a wrong password, so a failed login never says which part was wrong.
    throw new RestError('incorrect_password', 'The login or the application password is incorrect.', 401);
  }

  /**
   * Starts the reads of a login with Basic credentials in `header` — the user with its application
   * passwords and capabilities in one statement, and the roles (with the site settings: options.store.ts)
   * — on success and failure alike. Started before the login throttle takes its place
   * (authenticate.middleware.ts), they share its round trip (database/statement-batch.ts); they are
   * only used once the throttle admitted the login.
   */
  startReads(header: string | undefined): LoginReads | undefined {
    const credentials = parseBasic(header);
    if (!credentials) return undefined;
    const reads: LoginReads = Promise.all([
      this.users.findWithMeta(credentials.login, EMAIL.test(credentials.login), [APPLICATION_PASSWORDS_KEY, this.capabilitiesKey]),
      this.roles(),
    ]);
    // A refused login never awaits them: a failed read must not become an unhandled rejection.
    reads.catch(() => undefined);
    return reads;
  }

  private get capabilitiesKey(): string {
    return `${this.config.tablePrefix}capabilities`;
  }

  /**
   * Effective capabilities of a user from `{prefix}capabilities` and the `{prefix}user_roles` option;
   * `meta`: the user's meta already read with that key (authenticate), else it is read.
   */
  async callerFor(user: Pick<UserRow, 'ID' | 'user_login'>, meta?: ReadonlyMap<string, string>): Promise<Caller> {
    const [userMeta, roles] = await Promise.all([meta ?? this.users.meta(user.ID, [this.capabilitiesKey]), this.roles()]);
    return this.callerOf(user, userMeta, roles);
  }

  /** The site's roles (`{prefix}user_roles`), read with the site settings. */
  private roles(): Promise<RoleMap | undefined> {
    return this.options.getShared<RoleMap>(`${this.config.tablePrefix}user_roles`);
  }

  private callerOf(user: Pick<UserRow, 'ID' | 'user_login'>, meta: ReadonlyMap<string, string>, roles: RoleMap | undefined): Caller {
    return { id: user.ID, login: user.user_login, capabilities: sharedCapabilities(meta.get(this.capabilitiesKey), roles) };
  }
}

/** Most capability sets remembered per roles value; past it they are computed afresh. */
const MAX_SETS_PER_ROLES = 1_000;
const NO_ROLES: RoleMap = Object.freeze({});
const capabilitySets = new WeakMap<RoleMap, Map<string, ReadonlySet<string>>>();

/**
 * The effective capabilities of a user's `{prefix}capabilities` text under the site's roles, one set
 * per distinct pair: a login computes them only when either changed. The roles are the option's shared
 * parse (OptionsStore.getShared: one object per distinct value), so a roles change starts afresh; the
 * set is read-only (Caller.capabilities) and every caller with the same pair gets the same one, which
 * the front road's key of it relies on. A profile of cold administrator reads spent 2% of the service
 * on computing and sorting them per request (docs/performance.md, sixteenth round).
 */
function sharedCapabilities(text: string | undefined, roles: RoleMap | undefined): ReadonlySet<string> {
  const role = roles ?? NO_ROLES;
  let sets = capabilitySets.get(role);
  if (!sets) capabilitySets.set(role, (sets = new Map()));
  const key = text ?? '';
  let found = sets.get(key);
  if (!found) {
    found = effectiveCapabilities(phpUnserialize<Record<string, boolean>>(text) ?? {}, role);
    if (sets.size < MAX_SETS_PER_ROLES) sets.set(key, found);
  }
  return found;
}

/** Whether `password` verifies against one of `hashes`; every hash is checked, none skipped. */
function verifiesAny(password: string, hashes: readonly string[]): boolean {
  return hashes.reduce((matched, hash) => verifyApplicationPassword(password, hash) || matched, false);
}

function parseBasic(header: string | undefined): { login: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
