import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';

const PING_TIMEOUT_MS = 1500;

/**
 * Probes for orchestrators, outside the WordPress namespace and without authentication:
 * `live` answers while the process runs, `ready` pings the database (503 when it does not answer
 * or, as Terminus does, once the application is shutting down: `status: 'shutting_down'`). Bodies are Terminus's `{status, info, error, details}`.
 */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  /** No dependency is checked: a live process that cannot reach its database must not be restarted. */
  @Get('live')
  live(): HealthCheckResult {
    return { status: 'ok', info: {}, error: {}, details: {} };
  }

  @Get('ready')
  @HealthCheck()
  async ready(@Res({ passthrough: true }) res: Response): Promise<unknown> {
    try {
      return await this.health.check([() => this.database.pingCheck('database', { timeout: PING_TIMEOUT_MS })]);
    } catch (error) {
      // Terminus throws its report as a 503; answer it as is, not as a REST error envelope.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse();
    }
  }
}
