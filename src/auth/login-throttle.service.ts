import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config';
import { RestError } from '../reasons/rest-error';
import { AttemptsInFlight } from './attempts-in-flight';
import { LoginFailuresRepository } from './repository/login-failures.repository';

/** Error of a throttled login attempt; the middleware copies `retryAfter` into the Retry-After header. */
export class TooManyLoginFailures extends RestError {
  constructor(readonly retryAfter: number) {
    super('rest_too_many_requests', 'Too many failed login attempts. Try again later.', 429);
  }
}

/** Background retries of a give-back that failed (250 ms · 2^n apart: about 16 s in all). */
const GIVE_BACK_RETRIES = 5;

/** Most clients remembered as having failed on this instance (see `failedHere`). */
const MAX_FAILING_CLIENTS = 10_000;

/**
 * Failed Basic logins per client IP in a fixed window (LOGIN_MAX_FAILURES per
 * LOGIN_FAILURE_WINDOW_SECONDS). The counters live in `{prefix}eca_login_failures`, so every instance
 * sharing the database shares them. Each attempt first takes a place in the window with one atomic
 * increment and its password is only checked when that place is within the limit, so however many
 * attempts arrive at once, at most the limit of wrong passwords is checked per window; the others get
 * 429. A failed login keeps its place; any other outcome gives it back: a success neither counts nor
 * resets the window (otherwise one valid account would let a client keep guessing others), and an
 * attempt refused with 429 does not count either. The stored count is thus the window's failures
 * plus the checks under way. An attempt that finds the window full while this instance is still
 * checking attempts of the same client waits for one of them to end (attempts-in-flight.ts), so a
 * burst of right logins is let in one place at a time instead of being refused.
 */
@Injectable()
export class LoginThrottle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LoginThrottle');
  private sweeper?: NodeJS.Timeout;
  private readonly inFlight = new AttemptsInFlight();
  private readonly failing: LRUCache<string, true>;

  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly config: AppConfig,
  ) {
    this.failing = new LRUCache<string, true>({ max: MAX_FAILING_CLIENTS, ttl: this.windowMs });
  }

  private get enabled(): boolean {
    return this.config.loginMaxFailures > 0;
  }

  private get windowMs(): number {
    return this.config.loginFailureWindowSeconds * 1000;
  }

  /**
   * Runs the login `check` of `client` once it holds a place within the limit, or throws
   * TooManyLoginFailures without running it. A 401 from `check` keeps the place; anything else
   * (success, or an error that is not a wrong password) gives it back.
   */
  async attempt<T>(client: string, check: () => Promise<T>): Promise<T> {
    if (!this.enabled) return check();
    this.inFlight.enter(client);
    try {
      await this.admit(client).catch((error: unknown) => {
        if (error instanceof TooManyLoginFailures) this.failing.set(client, true);
        throw error;
      });
      let failed = false;
      try {
        return await check();
      } catch (error) {
        failed = (error as { status?: number }).status === 401;
        if (failed) this.failing.set(client, true);
        throw error;
      } finally {
        if (!failed) await this.giveBackSurely(client);
        this.inFlight.end(client, !failed);
      }
    } finally {
      this.inFlight.leave(client);
    }
  }

  /**
   * Whether a login of `client` failed or was refused on this instance within the last window. Such a
   * client's remembered credentials are not used (credential-cache.service.ts): all its attempts go
   * through the throttle, so a blocked client keeps getting 429 with a right password too.
   */
  failedHere(client: string): boolean {
    return this.enabled && this.failing.has(client);
  }

  /** Takes a place for `client`; while the window is full, waits for this instance's checks of it to end. */
  private async admit(client: string): Promise<void> {
    for (;;) {
      const ended = this.inFlight.ended(client);
      try {
        await this.inFlight.reserving(client, () => this.reserve(client));
        this.inFlight.start(client);
        return;
      } catch (error) {
        if (!(error instanceof TooManyLoginFailures)) throw error;
        // The places this instance's checks of the client hold come back if those logins succeed.
        if (this.inFlight.ended(client) !== ended) continue; // one ended meanwhile: try again
        if (this.inFlight.checking(client) === 0) throw error;
        await this.inFlight.wait(client);
      }
    }
  }

  /**
   * Takes one place of `client` in its window (a new window when the previous one ended) and returns
   * its number, or gives it straight back and throws TooManyLoginFailures when the window is full.
   */
  async reserve(client: string, now = Date.now()): Promise<number> {
    if (!this.enabled) return 0;
    const { count, windowStart } = await this.failures.increment(client, now, now - this.windowMs);
    if (count <= this.config.loginMaxFailures) return count;
    const start = windowStart ?? (await this.failures.windowStart(client)) ?? now;
    await this.giveBackSurely(client);
    throw new TooManyLoginFailures(Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)));
  }

  /**
   * Gives back one place of `client` without failing the request: a place that is not given back
   * would count as a failed login, and under a passing database hiccup enough of them would lock a
   * client with the right password out for the whole window. So a failed give-back is retried in the
   * background (a few times, with backoff) while the request goes on with its answer.
   */
  private async giveBackSurely(client: string): Promise<void> {
    try {
      await this.giveBack(client);
    } catch {
      this.retryGiveBack(client, 1);
    }
  }

  private retryGiveBack(client: string, attempt: number): void {
    if (attempt > GIVE_BACK_RETRIES) {
      this.logger.warn(`A login-throttle place of one client could not be given back after ${GIVE_BACK_RETRIES} retries.`);
      return;
    }
    const timer = setTimeout(
      () => {
        this.giveBack(client).catch(() => this.retryGiveBack(client, attempt + 1));
      },
      250 * 2 ** attempt,
    );
    timer.unref();
  }

  /** Gives back one place of `client`. */
  private giveBack(client: string): Promise<void> {
    return this.failures.decrement(client);
  }

  /** Drops counters whose window ended (they no longer block anyone). */
  sweep(now = Date.now()): Promise<number> {
    return this.failures.deleteExpired(now - this.windowMs);
  }

  onModuleInit(): void {
    if (!this.enabled) return;
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), Math.max(this.windowMs, 60_000));
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}
