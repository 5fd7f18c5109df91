import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

/**
 * A background job of the HTTP service, never on a request's road: `pass()` every `intervalMs`, never
 * two passes at once, not at all in `npm run cli` (no HTTP adapter) or when the job's switch is off.
 * Shutdown waits for the pass in progress; `stopping` tells a pass to end after the item it is on.
 */
export abstract class PeriodicJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  protected stopping = false;

  protected constructor(
    private readonly adapterHost: HttpAdapterHost,
    protected readonly logger: Logger,
  ) {}

  /** Whether this instance runs the job (its environment switch). */
  protected abstract get enabled(): boolean;
  protected abstract get intervalMs(): number;
  /** One pass over the job's due work. */
  abstract pass(): Promise<unknown>;

  onApplicationBootstrap(): void {
    if (!this.enabled || !this.adapterHost.httpAdapter) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pass()
        .catch((error: Error) => this.logger.warn(`pass failed: ${error.message}`))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.stopping = true;
    await this.running;
  }
}
