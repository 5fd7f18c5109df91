import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config';
import type { Caller } from './caller';

/** Most verified credentials kept (least recently used go first). */
const MAX_ENTRIES = 10_000;

/** Taken before a verification reads anything: what it may be remembered under. */
export interface VerificationTicket {
  readonly generation: number;
  readonly started: number;
}

/**
 * Credentials verified recently (docs/decisions.md), so a client repeating the same Authorization
 * header is not checked again for AUTH_CACHE_SECONDS: no throttle place, no hash, no query. Only
 * successes are kept, under a SHA-256 of the client address and the exact header (never the header
 * or the password itself), so a hit is only ever a header this very client proved right (a client
 * cannot use another's success to test a guess while the throttle blocks it). Every change this
 * instance makes to users or their application passwords drops everything at once (`clear`); a change
 * made elsewhere (another instance, the CLI process, WordPress) is seen when the entry expires: an
 * entry lives AUTH_CACHE_SECONDS from the moment its verification began reading.
 */
@Injectable()
export class CredentialCache {
  private readonly ttlMs: number;
  private readonly entries?: LRUCache<string, Caller>;
  /** Bumped by `clear`: a verification that began before it must not be remembered (it may have read the old rows). */
  private generation = 0;

  constructor(config: AppConfig) {
    this.ttlMs = config.authCacheSeconds * 1000;
    if (this.ttlMs > 0) this.entries = new LRUCache<string, Caller>({ max: MAX_ENTRIES, ttl: this.ttlMs });
  }

  /** The caller `client` was verified as with exactly this header, while that is still fresh. */
  get(header: string, client: string): Caller | undefined {
    return this.entries?.get(keyOf(header, client));
  }

  ticket(): VerificationTicket {
    return { generation: this.generation, started: performance.now() };
  }

  /** Keeps a successful verification that began with `ticket`, for what remains of the TTL since then. */
  remember(ticket: VerificationTicket, header: string, client: string, caller: Caller): void {
    if (!this.entries || ticket.generation !== this.generation) return;
    const ttl = Math.floor(this.ttlMs - (performance.now() - ticket.started));
    if (ttl > 0) this.entries.set(keyOf(header, client), caller, { ttl });
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
