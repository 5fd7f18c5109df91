import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { RestValidationPipe } from './params/rest-validation.pipe';
import { RestExceptionFilter } from './rest-exception.filter';

/** WordPress REST conventions every resource uses: error envelope, parameter validation. */
@Global()
@Module({
  providers: [
    { provide: APP_FILTER, useClass: RestExceptionFilter },
    { provide: APP_PIPE, useClass: RestValidationPipe },
  ],
})
export class RestModule {}
