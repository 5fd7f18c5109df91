import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { PaginationInterceptor } from './pagination/pagination.interceptor';
import { RestValidationPipe } from './params/rest-validation.pipe';
import { RestExceptionFilter } from './rest-exception.filter';

/** WordPress REST conventions every resource uses: error envelope, parameter validation, list envelope. */
@Global()
@Module({
  providers: [{ provide: APP_FILTER, useClass: RestExceptionFilter }, { provide: APP_PIPE, useClass: RestValidationPipe }, PaginationInterceptor],
  exports: [PaginationInterceptor],
})
export class RestModule {}
