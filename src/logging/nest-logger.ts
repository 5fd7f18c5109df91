import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's start-up inventory (one line per module and per route, some 80 in all) is for debugging: at
 * info it buries the lines that matter, such as the first run's administrator password.
 */
const INVENTORY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Nest's own messages (bootstrap, Logger instances) as pino JSON lines with their `context`. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  log(message: unknown, ...params: unknown[]) {
    this.write(INVENTORY_CONTEXTS.has(params[params.length - 1] as string) ? 'debug' : 'info', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }

  /** Nest passes the context last, and for errors the stack before it. */
  private write(method: Method, message: unknown, params: unknown[]) {
    if (!this.logger.isLevelEnabled(method)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const stack = typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) {
      this.logger[method]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[method]({ context, ...message });
    } else {
      this.logger[method]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
