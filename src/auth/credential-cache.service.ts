import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import { CacheKey } from '../wordpress/cache-keys';
import { DataFreshness } from '../cache/data-freshness';
import { AppConfig } from '../config/app-config';
import type { Caller } from '../wordpress/caller';

/** Most verified credentials kept (least recently used go first). */
const MAX_ENTRIES = 10_000;

/** What a remembered credential shows: it is retired by a write of users, passwords or roles anywhere. */
const SHOWS = new Set([CacheKey.credentials]);

/** Taken before a verification reads anything: what it may be remembered under. */
export interface VerificationTicket {
  readonly generation: number;
  readonly started: number;
  /** The data-version generation (DataFreshness) its reads see at least; undefined: not to be remembered. */
  readonly version?: number;
}

interface Entry {
  readonly caller: Caller;
  readonly version: number;
}

/**
 * Credentials verified recently (docs/decisions.md), so a client repeating the same Authorization
 * header is not checked again for AUTH_CACHE_SECONDS: no throttle place, no hash, no user query. Only
 * successes are kept, under a SHA-256 of the client address and the exact header (never the header
 * or the password itself), so a hit is only ever a header this very client proved right (a client
 * cannot use another's success to test a guess while the throttle blocks it). Every change this
 * instance makes to users or their application passwords drops everything at once (`clear`); a change
 * committed elsewhere (another instance, the CLI process: `roles:grant`, a revoked password) bumps the
 * shared data version, and an entry is used only while the data version, looked at for the request
 * (`lookForChanges`), shows no write of credentials since its verification began (DataFreshness).
 * WordPress's own writes without the data-version plugin are seen when the entry expires: an entry
 * lives AUTH_CACHE_SECONDS from the moment its verification began reading.
 */
@Injectable()
export class CredentialCache {
  private readonly ttlMs: number;
  private readonly entries?: LRUCache<string, Entry>;
  /** Bumped by `clear`: a verification that began before it must not be remembered (it may have read the old rows). */
  private generation = 0;

  constructor(
    config: AppConfig,
    private readonly freshness: DataFreshness,
  ) {
    this.ttlMs = config.authCacheSeconds * 1000;
    if (this.ttlMs > 0) this.entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: this.ttlMs });
  }

  /**
   * A look at the shared data version (one look shared by the requests waiting for it), so that what
   * other processes committed so far is known before a remembered credential is used; the generation
   * it found, undefined when nothing may be used or remembered (the cache is off, a version row is missing).
   */
  async lookForChanges(): Promise<number | undefined> {
    return this.entries ? this.freshness.sync() : undefined;
  }

  /**
   * The caller `client` was verified as with exactly this header, while that is still fresh and no
   * write of credentials is known since (as of the latest look: lookForChanges).
   */
  get(header: string, client: string): Caller | undefined {
    const key = keyOf(header, client);
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    if (this.freshness.valid(entry.version, SHOWS)) return entry.caller;
    this.entries!.delete(key);
    return undefined;
  }

  /** `version`: what lookForChanges found for the request, before the verification reads anything. */
  ticket(version?: number): VerificationTicket {
    return { generation: this.generation, started: performance.now(), version };
  }

  /** Keeps a successful verification that began with `ticket`, for what remains of the TTL since then. */
  remember(ticket: VerificationTicket, header: string, client: string, caller: Caller): void {
    if (!this.entries || ticket.generation !== this.generation || ticket.version === undefined) return;
    const ttl = Math.floor(this.ttlMs - (performance.now() - ticket.started));
    if (ttl > 0) this.entries.set(keyOf(header, client), { caller, version: ticket.version }, { ttl });
  }

  /** Users, their application passwords or roles changed: nothing verified so far may be used again. */
  clear(): void {
    this.generation++;
    this.entries?.clear();
  }
}

function keyOf(header: string, client: string): string {
  return createHash('sha256').update(client).update('\n').update(header).digest('base64');
}
