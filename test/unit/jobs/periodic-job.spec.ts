import { Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { PeriodicJob } from '../../../src/jobs/periodic-job';

/** A job whose passes take `passMs` and count themselves. */
class CountingJob extends PeriodicJob {
  passes = 0;
  concurrent = 0;
  maxConcurrent = 0;
  finished = 0;

  constructor(
    adapter: unknown,
    private readonly on: boolean,
    private readonly passMs: number,
  ) {
    super({ httpAdapter: adapter } as HttpAdapterHost, new Logger('test'));
  }

  protected get enabled(): boolean {
    return this.on;
  }

  protected get intervalMs(): number {
    return 5;
  }

  async pass(): Promise<void> {
    this.passes++;
    this.maxConcurrent = Math.max(this.maxConcurrent, ++this.concurrent);
    await new Promise((resolve) => setTimeout(resolve, this.passMs));
    this.concurrent--;
    this.finished++;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PeriodicJob', () => {
  it('runs passes on its interval, never two at once, and shutdown waits for the pass in progress', async () => {
    const job = new CountingJob({}, true, 40);
    job.onApplicationBootstrap();
    await wait(120);
    await job.beforeApplicationShutdown();
    expect(job.passes).toBeGreaterThanOrEqual(2);
    expect(job.maxConcurrent).toBe(1);
    // Nothing was cut off: every pass that started ended before shutdown returned.
    expect(job.finished).toBe(job.passes);
    const after = job.passes;
    await wait(30);
    expect(job.passes).toBe(after);
  });

  it('does not run when its switch is off, or without an HTTP adapter (the command line)', async () => {
    const off = new CountingJob({}, false, 1);
    const cli = new CountingJob(undefined, true, 1);
    off.onApplicationBootstrap();
    cli.onApplicationBootstrap();
    await wait(40);
    await Promise.all([off.beforeApplicationShutdown(), cli.beforeApplicationShutdown()]);
    expect([off.passes, cli.passes]).toEqual([0, 0]);
  });
});
