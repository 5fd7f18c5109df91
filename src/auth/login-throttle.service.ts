import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config';
import { RestError } from '../reasons/rest-error';
import { AttemptsInFlight } from './attempts-in-flight';
import { LoginFailuresRepository } from './repository/login-failures.repository';

/** Attempts of one client taking their places with one increment: how many, and its outcome. */
interface Reservations {
  size: number;
  taken: Promise<{ count: number; windowStart?: number }>;
  /** Seconds until the window ends, read once for the members refused (a burst is one read, not one per attempt). */
  retryAfter?: Promise<number>;
}

/** Error of a throttled login attempt; the middleware copies `retryAfter` into the Retry-After header. */
export class TooManyLoginFailures extends RestError {
  constructor(readonly retryAfter: number) {
    super('rest_too_many_requests', 'Too many failed login attempts. Try again later.', 429);
  }
}

/**
 * How long a place this instance owes back may wait for the client's next attempt here, which gives it
 * back in its own increment, before it is given back on its own (`owe`).
 */
const GIVE_BACK_WITHIN_MS = 1000;

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
 *
 * A place to give back is owed, not written at once: the client's next attempt on this instance gives
 * it back in the same statement that takes its own place, and what is still owed after
 * GIVE_BACK_WITHIN_MS is given back on its own. A client logging in again and again thus costs one
 * write per login instead of two (issue #32); meanwhile the other instances count the owed places as
 * checks still under way (docs/decisions.md "Login places owed").
 */
@Injectable()
export class LoginThrottle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LoginThrottle');
  private sweeper?: NodeJS.Timeout;
  private giver?: NodeJS.Timeout;
  private readonly inFlight = new AttemptsInFlight();
  /** Places per client this instance gives back with the client's next increment, or on its own (`owe`). */
  private readonly owed = new Map<string, number>();
  private readonly failing: LRUCache<string, true>;
  /** Per client, the reservations waiting to take their places together (`reserve`). */
  private readonly forming = new Map<string, Reservations>();
  /** Per client, the last group's increment, settled: the next group takes its places after it. */
  private readonly lastTaken = new Map<string, Promise<void>>();

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
        if (!failed) this.owe(client);
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
        await this.reserve(client);
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
   * The client's reservations on this instance run one after the other, so none finds the window full
   * only because of another's increment about to be undone; those that arrive while one is under way
   * take their places together, in one increment, in the order they came: a client sending its
   * requests in parallel costs one write per round trip, not one per request (docs/decisions.md
   * "Login places taken together").
   */
  reserve(client: string): Promise<number> {
    if (!this.enabled) return Promise.resolve(0);
    const joined = this.forming.get(client) ?? this.form(client);
    const index = joined.size++;
    // The group's size is final once its increment ran: its places are the last `size` of the count.
    return joined.taken.then(async ({ count, windowStart }) => {
      const place = count - joined.size + 1 + index;
      if (place <= this.config.loginMaxFailures) return place;
      this.owe(client);
      joined.retryAfter ??= this.retryAfter(client, windowStart);
      throw new TooManyLoginFailures(await joined.retryAfter);
    });
  }

  /** A new group of reservations of `client`, taking its places once the client's last group has taken its own. */
  private form(client: string): Reservations {
    const group: Reservations = { size: 0, taken: undefined! };
    this.forming.set(client, group);
    group.taken = (this.lastTaken.get(client) ?? Promise.resolve()).then(() => {
      this.forming.delete(client); // attempts from now on form the next group
      return this.take(client, group.size);
    });
    const settled = group.taken.then(
      () => undefined,
      () => undefined,
    );
    this.lastTaken.set(client, settled);
    void settled.then(() => {
      if (this.lastTaken.get(client) === settled) this.lastTaken.delete(client);
    });
    return group;
  }

  /** Takes `places` places of `client` with one increment, giving back what this instance owes it. */
  private async take(client: string, places: number): Promise<{ count: number; windowStart?: number }> {
    const now = Date.now();
    const owed = this.owed.get(client) ?? 0;
    this.owed.delete(client);
    return this.failures.increment(client, now, now - this.windowMs, owed, places).catch((error: unknown) => {
      this.owe(client, owed);
      throw error;
    });
  }

  /** The seconds until the client's full window ends (its start is read when the increment did not say). */
  private async retryAfter(client: string, windowStart: number | undefined): Promise<number> {
    const now = Date.now();
    const start = windowStart ?? (await this.failures.windowStart(client)) ?? now;
    return Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
  }

  /**
   * Owes `places` of `client` back (see the class). A place that is never given back counts as a failed
   * login, and enough of them would lock a client with the right password out for the whole window,
   * so a give-back that fails (a passing database hiccup) is owed again and retried with the next.
   */
  private owe(client: string, places = 1): void {
    if (places <= 0) return;
    this.owed.set(client, (this.owed.get(client) ?? 0) + places);
    this.giver ??= setTimeout(() => void this.giveBackOwed(), GIVE_BACK_WITHIN_MS).unref();
  }

  /** Gives back every place still owed, one statement per client. */
  private async giveBackOwed(): Promise<void> {
    this.giver = undefined;
    const owed = [...this.owed];
    this.owed.clear();
    const failed = await Promise.all(
      owed.map(([client, places]) =>
        this.failures.decrement(client, places).then(
          () => 0,
          () => (this.owe(client, places), places),
        ),
      ),
    );
    const kept = failed.reduce((sum, places) => sum + places, 0);
    if (kept > 0) this.logger.warn(`${kept} login-throttle place(s) could not be given back; retrying in ${GIVE_BACK_WITHIN_MS} ms.`);
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

  /** Gives back what is owed before the database closes (onApplicationShutdown), so no place outlives the instance. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    clearTimeout(this.giver);
    if (this.owed.size > 0) await this.giveBackOwed();
    clearTimeout(this.giver); // a failed give-back owed its places again and set a retry: none after the end
  }
}
