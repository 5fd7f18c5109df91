import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { phpSerialize, phpUnserialize } from '../wordpress/php-serialization';
import { UsersStore } from '../wordpress/users.store';
import { dummyHash, generateApplicationPassword, hashScheme } from './password-hashing';

const FAST_SCHEME = '$generic$';
/**
 * Most checks of one scheme a failed login is padded to: `$generic$` costs microseconds, phpass and
 * bcrypt milliseconds each, so a site-wide profile of many slow hashes would make every failed login
 * that slow. An account with more hashes of a scheme than this still takes longer to fail.
 */
const MOST_FAST_CHECKS = 32;
const MOST_SLOW_CHECKS = 2;
/** Other instances (or WordPress) may add application passwords: the profile is read again this often. */
const REFRESH_MS = 60_000;

/**
 * The work every failed login does, so its time does not tell whether the login exists or how many
 * application passwords it has (docs/decisions.md). The profile is, for each hash scheme with its
 * cost (password-hashing.ts hashScheme), the most application passwords of that scheme any one
 * account has (at least one `$generic$`, the format new ones get; capped, see above). After a failed
 * login verified the account's own hashes (none for an unknown login), it reads the items the account
 * lacks to reach the profile from a stored `_application_passwords` value and verifies their dummy
 * hashes of the same schemes and costs: the unserializing is padded along with the hash checks.
 */
@Injectable()
export class HashWorkProfile implements OnApplicationBootstrap, OnModuleDestroy {
  private checks = new Map<string, number>([[FAST_SCHEME, 1]]);
  private readonly dummies = new Map<string, string>([[FAST_SCHEME, dummyHash(FAST_SCHEME)]]);
  /** Serialized padding items by what they hold (`scheme×count …`); bounded by the caps above. */
  private readonly stored = new Map<string, string>();
  private refresher?: NodeJS.Timeout;
  private readonly logger = new Logger('HashWorkProfile');

  constructor(private readonly users: UsersStore) {}

  /** Hashes to verify after an account's own `hashes` when none of them matched. */
  padding(hashes: readonly string[]): string[] {
    const own = countSchemes(hashes);
    const missing: string[] = [];
    for (const [scheme, count] of this.checks) {
      if (count > (own.get(scheme) ?? 0)) missing.push(`${scheme}×${count - (own.get(scheme) ?? 0)}`);
    }
    const key = missing.join(' ');
    let value = this.stored.get(key);
    if (value === undefined) this.stored.set(key, (value = this.serializedItems(missing)));
    return storedHashes(value);
  }

  /** An `_application_passwords` value as WordPress stores it, of dummy items of the given `scheme×count`s. */
  private serializedItems(missing: string[]): string {
    const items = missing.flatMap((entry) => {
      const [scheme, count] = entry.split('×');
      return Array.from({ length: Number(count) }, () => ({
        uuid: randomUUID(),
        app_id: '',
        name: generateApplicationPassword().slice(0, 8),
        password: this.dummies.get(scheme)!,
        created: Math.floor(Date.now() / 1000),
        last_used: null,
        last_ip: null,
      }));
    });
    return phpSerialize(items);
  }

  /** Reads every account's application-password schemes again. */
  async refresh(): Promise<void> {
    const checks = new Map<string, number>([[FAST_SCHEME, 1]]);
    for (const stored of await this.users.allApplicationPasswordValues()) {
      for (const [scheme, count] of countSchemes(storedHashes(stored))) {
        const most = scheme === FAST_SCHEME ? MOST_FAST_CHECKS : MOST_SLOW_CHECKS;
        checks.set(scheme, Math.min(most, Math.max(checks.get(scheme) ?? 0, count)));
      }
    }
    for (const scheme of checks.keys()) if (!this.dummies.has(scheme)) this.dummies.set(scheme, dummyHash(scheme));
    this.checks = checks;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.refresher = setInterval(() => void this.refresh().catch((e: Error) => this.logger.warn(`refresh failed: ${e.message}`)), REFRESH_MS);
    this.refresher.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.refresher);
  }
}

/** The `password` hashes of one `_application_passwords` usermeta value (items as UsersStore reads them). */
function storedHashes(metaValue: string): string[] {
  const items = phpUnserialize<unknown>(metaValue);
  if (!items || typeof items !== 'object') return [];
  return Object.values(items as Record<string, { password?: unknown }>)
    .map((item) => (item && typeof item === 'object' ? item.password : undefined))
    .filter((hash): hash is string => typeof hash === 'string');
}

function countSchemes(hashes: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const hash of hashes) {
    const scheme = hashScheme(hash);
    if (scheme) counts.set(scheme, (counts.get(scheme) ?? 0) + 1);
  }
  return counts;
}
