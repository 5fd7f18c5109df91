import type { INestApplication, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';

const IDLE_SWEEP_MS = 100;

export interface ShutdownOptions {
  timeoutMs: number;
  /**
   * Where the stop is told, with its own context (`new Logger('Shutdown')`): a Nest Logger instance adds
   * its context itself, so a context passed here again would be logged as a stray extra (a stack).
   */
  logger: LoggerService;
  /** process.exit, replaceable in tests. */
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
}

/**
 * On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (Nest closes the
 * HTTP server before its shutdown hooks close the database), then exit 0. If requests are still
 * running after `timeoutMs`, exit 1. Returns the shutdown function (what a signal calls).
 */
export function installGracefulShutdown(app: INestApplication, options: ShutdownOptions): (signal: string) => Promise<void> {
  const { timeoutMs, logger, exit = (code) => process.exit(code), signals = ['SIGTERM', 'SIGINT'] } = options;
  let running: Promise<void> | undefined;
  const shutdown = (signal: string) =>
    (running ??= (async () => {
      logger.log(`${signal} received: finishing in-flight requests`);
      const timer = setTimeout(() => {
        logger.error(`Requests still running after ${timeoutMs} ms; exiting anyway`);
        exit(1);
      }, timeoutMs);
      timer.unref();
      // Keep-alive connections left idle by finished requests would hold the server open until their
      // own timeout: close them as soon as they are idle.
      const server = app.getHttpServer() as Server;
      const idleSweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      try {
        await app.close();
        clearInterval(idleSweep);
        clearTimeout(timer);
        logger.log('Stopped');
        exit(0);
      } catch (error) {
        clearInterval(idleSweep);
        clearTimeout(timer);
        logger.error(`Shutdown failed: ${(error as Error).message}`, (error as Error).stack);
        exit(1);
      }
    })());
  for (const signal of signals) process.once(signal, (s) => void shutdown(s));
  return shutdown;
}
