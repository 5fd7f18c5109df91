import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_UNAVAILABLE, databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../database/database-errors';
import { bodyTooLarge } from './body-parsing';
import { shapeAnswer } from './global-params';
import { JSON_CONTENT_TYPE } from './standard-headers';
import { RestError } from '../reasons/rest-error';

/** HTTP errors Nest or Express raise on their own, mapped to WordPress codes. */
function fromHttpException(error: HttpException): RestError {
  const status = error.getStatus();
  if (status === 404 || status === 405) return RestError.noRoute();
  if (status === 413) return bodyTooLarge();
  if (status === 415) return new RestError('rest_unsupported_media_type', 'Unsupported request body type.', 415);
  if (status < 500) return new RestError('rest_bad_request', 'The request could not be understood.', status);
  return RestError.internal();
}

/** The single place that turns any error into the WordPress REST error envelope. */
@Catch()
export class RestExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('RestExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const error = this.toRestError(exception, req);
    if (res.headersSent) return;
    res.status(error.status);
    // The error's Retry-After goes before shaping, so `_envelope` carries it as WordPress would.
    if (error.code === DATABASE_UNAVAILABLE) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    const payload = Buffer.from(JSON.stringify(shapeAnswer(req, res, error.toBody(), true)), 'utf8');
    res.setHeader('Content-Type', JSON_CONTENT_TYPE);
    res.setHeader('Content-Length', payload.length);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  private toRestError(exception: unknown, req: Request): RestError {
    if (exception instanceof RestError) return exception;
    if (exception instanceof HttpException) return fromHttpException(exception);
    const status = (exception as { status?: number; statusCode?: number })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Errors raised by body parsers (size limit, encoding) carry a 4xx status of their own.
      return status === 413
        ? bodyTooLarge((exception as { limit?: number }).limit)
        : new RestError('rest_bad_request', 'The request body could not be read.', status);
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`${req.method} ${req.path}: database unavailable (${(exception as Error)?.message})`);
      return databaseUnavailable();
    }
    this.logger.error(`${req.method} ${req.path}: ${(exception as Error)?.stack ?? String(exception)}`);
    return RestError.internal();
  }
}
